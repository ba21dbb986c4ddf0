import { epochSeconds, type RecordPart, zonedParts } from '@lightwell/domain';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { emergencyFaults, type networks, projects } from '../../db/schema.ts';
import { loadEmergencyElements } from './elements.ts';
import { presentFaults } from './faults.ts';
import { loadFittings } from './fittings.ts';
import { presentTestRecords, scheduleReport, testRecordsInPeriod } from './records.ts';

type NetworkRow = typeof networks.$inferSelect;

/** The network as a report heads it. */
export async function reportNetwork(ctx: AppContext, network: NetworkRow) {
  const [project] = await ctx.db.select({ name: projects.name }).from(projects).where(eq(projects.id, network.pid));
  return { nid: network.id, name: network.name, projectName: project?.name ?? '', timeZone: network.timeZone };
}

/** Faults of a network opened in a period, oldest first. */
export async function faultsInPeriod(ctx: Pick<AppContext, 'db'>, nid: number, from: Date, to: Date) {
  return ctx.db
    .select()
    .from(emergencyFaults)
    .where(and(eq(emergencyFaults.nid, nid), gte(emergencyFaults.openedAt, from), lt(emergencyFaults.openedAt, to)))
    .orderBy(asc(emergencyFaults.openedAt), asc(emergencyFaults.id));
}

/**
 * The data of an emergency printout (`/emergency/element/report` and its variants): element info, test
 * records and faults of the period, and one schedule matrix per calendar year (network zone) it touches;
 * `part` is one part, or several (the export reads only what it prints).
 */
export async function buildEmergencyReport(
  ctx: AppContext,
  network: NetworkRow,
  input: { from: Date; to: Date; part: RecordPart | readonly RecordPart[]; language: number },
) {
  const now = ctx.now();
  const parts: readonly RecordPart[] = typeof input.part === 'string' ? [input.part] : input.part;
  const wants = (part: RecordPart) => parts.includes('all') || parts.includes(part);
  const fittings = wants('schedule') ? await loadFittings(ctx.db, network.id) : [];
  const firstYear = zonedParts(input.from, network.timeZone).year;
  const lastYear = zonedParts(new Date(input.to.getTime() - 1000), network.timeZone).year;
  const schedule = [];
  if (wants('schedule')) {
    for (let year = firstYear; year <= lastYear; year += 1) {
      schedule.push(await scheduleReport(ctx.db, network, fittings, year, now));
    }
  }
  return {
    network: await reportNetwork(ctx, network),
    from: epochSeconds(input.from),
    to: epochSeconds(input.to),
    generatedAt: epochSeconds(now),
    elements: wants('element')
      ? await loadEmergencyElements(ctx.db, { nid: network.id, timeZone: network.timeZone }, now)
      : [],
    tests: wants('selfTest')
      ? await presentTestRecords(ctx.db, await testRecordsInPeriod(ctx.db, network.id, input.from, input.to))
      : [],
    faults: wants('fault')
      ? await presentFaults(ctx.db, await faultsInPeriod(ctx, network.id, input.from, input.to), input.language)
      : [],
    schedule,
  };
}
