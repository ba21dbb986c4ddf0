import { Code, type IssuedEquipment, type ReportCycle } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { reportRuns } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import type { ProjectReport } from '../reports/project-report.ts';
import { verifyEquipmentViewLink } from './links.ts';

/*
 * The network equipment statistics issued with a periodic report (`/report/networkEquipDataPDF?link=…`,
 * public): the equipment section of the figures stored with the run (docs/decisions.md "Report cycles"),
 * never computed again, reached only through the signed, expiring link of its e-mail or its web version.
 */

type RunRow = typeof reportRuns.$inferSelect;

/** The equipment figures an issued energy run carried; null when it has none (no equipment section, not issued). */
function issuedEquipmentOf(run: Pick<RunRow, 'kind' | 'sections' | 'figures' | 'issuedAt'>) {
  if (run.kind !== 'energy' || !run.issuedAt || !run.sections.includes('equipment') || !run.figures) return null;
  const report = run.figures as unknown as ProjectReport;
  return report.equipment ? report : null;
}

/** Whether a run carries equipment statistics its mail and web version link to. */
export function hasIssuedEquipment(run: Pick<RunRow, 'kind' | 'sections' | 'figures' | 'issuedAt'>): boolean {
  return issuedEquipmentOf(run) !== null;
}

/**
 * The equipment statistics of the run a signed equipment link names, as stored when it was issued: the
 * project's name then, each network's figures and the total, and which report they came with. Nothing else
 * of the run or the project. 1065 for a tampered or expired link, a link whose run is not of its project,
 * or a run that is gone or carried no equipment section.
 */
export async function viewIssuedEquipment(ctx: AppContext, token: string): Promise<IssuedEquipment> {
  const link = verifyEquipmentViewLink(ctx, token);
  const [run] = await ctx.db.select().from(reportRuns).where(eq(reportRuns.id, link.run));
  const report = run && run.pid === link.pid ? issuedEquipmentOf(run) : null;
  if (!run?.issuedAt || !report?.equipment) {
    throw new CallError(Code.linkInvalid, 'These statistics are no longer kept.');
  }
  return {
    project: { pid: run.pid, name: report.project.name },
    generatedAt: report.generatedAt,
    networks: report.networks.flatMap((network) =>
      network.equipment
        ? [{ nid: network.nid, name: network.name, timeZone: network.timeZone, figures: network.equipment }]
        : [],
    ),
    total: report.equipment,
    issued: {
      cycle: run.cycle as ReportCycle,
      periodKey: run.periodKey,
      version: run.version,
      issuedAt: Math.floor(run.issuedAt.getTime() / 1000),
    },
  };
}
