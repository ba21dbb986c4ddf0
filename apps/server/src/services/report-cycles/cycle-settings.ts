import {
  DEFAULT_REPORT_CYCLE_SECTIONS,
  nextProjectReportRun,
  REPORT_CYCLES,
  type ReportCycle,
  type ReportCycleInput,
  type ReportCycleSettings,
  type ReportSection,
  type ReportSendDay,
} from '@lightwell/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { networks, reportCycleSettings } from '../../db/schema.ts';
import type { NetworkRow } from '../../policies/access.ts';
import { recordAudit } from '../audit.ts';

/** A cycle as set for a project (defaults while never set: off, first day, energy, cost and CO2). */
export interface CycleSetting {
  cycle: ReportCycle;
  enabled: boolean;
  sendDay: ReportSendDay;
  sections: ReportSection[];
  enabledAt: Date | null;
}

type SettingRow = typeof reportCycleSettings.$inferSelect;

function settingOf(cycle: ReportCycle, row: SettingRow | undefined): CycleSetting {
  return {
    cycle,
    enabled: row?.enabled ?? false,
    sendDay: (row?.sendDay === 2 ? 2 : 1) as ReportSendDay,
    sections: (row?.sections ?? [...DEFAULT_REPORT_CYCLE_SECTIONS]) as ReportSection[],
    enabledAt: row?.enabledAt ?? null,
  };
}

/** The four cycles of a project, in cycle order. */
export async function loadCycleSettings(db: Db, pid: number): Promise<CycleSetting[]> {
  const rows = await db.select().from(reportCycleSettings).where(eq(reportCycleSettings.pid, pid));
  return REPORT_CYCLES.map((cycle) =>
    settingOf(
      cycle,
      rows.find((row) => row.cycle === cycle),
    ),
  );
}

/** The live networks of a project, by id: what its reports cover, and whose zones time them. */
export async function liveProjectNetworks(db: Db, pid: number): Promise<NetworkRow[]> {
  return db
    .select()
    .from(networks)
    .where(and(eq(networks.pid, pid), isNull(networks.deletedAt)))
    .orderBy(asc(networks.id));
}

/** A project's cycles as `/setting/report` shows them, with each enabled cycle's next send. */
export async function presentCycleSettings(
  ctx: AppContext,
  project: { id: number; name: string },
  canEdit: boolean,
): Promise<ReportCycleSettings> {
  const settings = await loadCycleSettings(ctx.db, project.id);
  const zones = (await liveProjectNetworks(ctx.db, project.id)).map((network) => network.timeZone);
  const now = Math.floor(ctx.now().getTime() / 1000);
  return {
    pid: project.id,
    projectName: project.name,
    canEdit,
    cycles: settings.map((setting) => {
      const next = setting.enabled ? nextProjectReportRun(setting.cycle, setting.sendDay, now, zones) : null;
      return {
        cycle: setting.cycle,
        enabled: setting.enabled,
        sendDay: setting.sendDay,
        sections: setting.sections,
        enabledAt: setting.enabledAt ? Math.floor(setting.enabledAt.getTime() / 1000) : null,
        next: next ? { at: next.at, key: next.period.key } : null,
      };
    }),
  };
}

/**
 * Sets the cycles given for project `pid` (the others keep theirs), audited as `project.reportCycles.update`.
 * Switching a cycle on stamps the time: periods before the one holding it are never mailed.
 */
export async function updateCycleSettings(
  ctx: AppContext,
  uid: number,
  pid: number,
  list: readonly ReportCycleInput[],
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await loadCycleSettings(tx, pid);
    for (const input of list) {
      const old = before.find((setting) => setting.cycle === input.cycle)!;
      const enabledAt = input.enabled ? (old.enabled ? old.enabledAt : now) : old.enabledAt;
      const values = { enabled: input.enabled, sendDay: input.sendDay, sections: input.sections, enabledAt };
      await tx
        .insert(reportCycleSettings)
        .values({ pid, cycle: input.cycle, ...values, updatedBy: uid, updatedAt: now })
        .onConflictDoUpdate({
          target: [reportCycleSettings.pid, reportCycleSettings.cycle],
          set: { ...values, updatedBy: uid, updatedAt: now },
        });
    }
    const plain = (setting: CycleSetting | ReportCycleInput) => ({
      cycle: setting.cycle,
      enabled: setting.enabled,
      sendDay: setting.sendDay,
      sections: setting.sections,
    });
    await recordAudit(tx, {
      action: 'project.reportCycles.update',
      actorUid: uid,
      pid,
      before: before.filter((setting) => list.some((input) => input.cycle === setting.cycle)).map(plain),
      after: list.map(plain),
    });
  });
}
