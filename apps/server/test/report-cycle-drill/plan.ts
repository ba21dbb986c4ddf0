// The report-cycle drill's plan: its calendar, the site it seeds and the periods due by its end.
import { projectReportPeriodsDue, type ReportCycle, type ReportSendDay } from '@lightwell/domain';
import { minuteSlot } from '../drills/console-drill.ts';
import { buildTestApp } from '../helpers.ts';
import { buildActiveRecipient, enableCycles, reportCycleSite, setClock } from '../support/report-cycle-site.ts';

/** The consoles the drill runs. */
export const CONSOLES = 3;
/** The clock instants the drill moves to. */
export const TICKS = 1000;
const ZONE = 'Europe/London';
const START = '2026-01-01T10:00:00Z';
const END = Date.parse('2026-07-02T06:00:00Z');
/** All consoles are down from the first tick at or after this until this instant. */
const DOWN_FROM = Date.parse('2026-04-20T12:00:00Z');
export const DOWN_UNTIL = Date.parse('2026-05-13T12:00:00Z');
/** The tick from which the console sending the next mail is killed at its RCPT TO. */
export const KILL_FROM = Math.round(TICKS * 0.15);
/** The tick from which the console sending the next mail is stopped while its message waits for 250. */
export const STOP_FROM = Math.round(TICKS * 0.8);
/** Ticks the other consoles run while the stopped console's message waits for its answer. */
export const TICKS_WHILE_HELD = 3;
/** The cycles the drill's project has switched on. */
export const CYCLES: readonly { cycle: ReportCycle; sendDay: ReportSendDay }[] = [
  { cycle: 'weekly', sendDay: 1 },
  { cycle: 'monthly', sendDay: 2 },
  { cycle: 'quarterly', sendDay: 1 },
];
const SECTIONS = ['energy', 'cost', 'co2'] as const;

/** A period due by the drill's end: its cycle and key, and when it is sent (ms). */
export interface DuePeriod {
  cycle: ReportCycle;
  key: string;
  sendAt: number;
}

/**
 * Seeds the drill's site through a test app on the drill's database, the clock at the start: a project with
 * a London network, lamp data for March and April, three recipients (one with an account, English; one
 * without, Chinese), three cycles switched on. Answers the site, its recipients, every period due by the end
 * as the domain says, and the keys of those whose send time falls in the downtime.
 */
export async function seedDrillSite(drill: { url: string; rows<T>(text: string, values?: unknown[]): Promise<T[]> }) {
  const seed = await buildTestApp({ PUBLIC_URL: 'https://console.example.com' }, { databaseUrl: drill.url });
  setClock(seed, START);
  const site = await reportCycleSite(seed, { timeZone: ZONE });
  const recipients = [
    await buildActiveRecipient(seed, site.pid, site.installer.user.email, 0),
    await buildActiveRecipient(seed, site.pid, `drill-zh-${site.pid}@example.com`, 1),
  ];
  await enableCycles(
    seed,
    site,
    CYCLES.map(({ cycle, sendDay }) => ({ cycle, sendDay, enabled: true, sections: [...SECTIONS] })),
  );
  await seed.close();
  const settings = await drill.rows<{ cycle: ReportCycle; enabled_at: Date }>(
    'SELECT cycle, enabled_at FROM report_cycle_settings WHERE pid = $1 AND enabled',
    [site.pid],
  );
  const due: DuePeriod[] = CYCLES.flatMap(({ cycle, sendDay }) => {
    const since = Math.floor(settings.find((row) => row.cycle === cycle)!.enabled_at.getTime() / 1000);
    return projectReportPeriodsDue(cycle, sendDay, null, END / 1000, [ZONE], { since }).map((item) => ({
      cycle,
      key: item.period.key,
      sendAt: item.sendAt * 1000,
    }));
  });
  const lateKeys = new Set(
    due.filter((item) => item.sendAt >= DOWN_FROM && item.sendAt < DOWN_UNTIL).map((item) => item.key),
  );
  return { site, recipients, due, lateKeys };
}

/**
 * The drill's clock instants: one a minute after every send time outside the downtime (so a report goes
 * on time), the first instant after the downtime, and evenly spread ones between, TICKS in all, one per
 * minute slot at most.
 */
export function tickInstants(sendTimes: readonly number[]): number[] {
  const start = Date.parse(START);
  const landings = sendTimes.map((at) => at * 1000 + 60_000).filter((at) => at < DOWN_FROM || at >= DOWN_UNTIL);
  const up = END - start - (DOWN_UNTIL - DOWN_FROM);
  for (let grid = TICKS - landings.length - 1; grid < TICKS; grid++) {
    const spread = Array.from({ length: grid }, (_, k) => {
      const at = start + Math.round(((k + 1) * up) / (grid + 1) / 1000) * 1000;
      return at >= DOWN_FROM ? at + (DOWN_UNTIL - DOWN_FROM) : at;
    });
    const bySlot = new Map<string, number>();
    for (const at of [...landings, DOWN_UNTIL, ...spread].sort((a, b) => a - b)) {
      if (!bySlot.has(minuteSlot(at))) bySlot.set(minuteSlot(at), at);
    }
    if (bySlot.size >= TICKS) return [...bySlot.values()].slice(0, TICKS);
  }
  throw new Error('no tick plan');
}
