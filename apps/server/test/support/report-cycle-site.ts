import type { ReportCycleInput, ReportSection } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { networks, projectRecipients, tariffVersions } from '../../src/db/schema.ts';
import { storeHourlyLamp } from '../../src/routes/energy/test-lamp.ts';
import { call, networkTeam, type TestApp } from '../helpers.ts';

/** Seconds of an ISO instant. */
const at = (iso: string) => Date.parse(iso) / 1000;

/** Puts the test clock at an ISO instant. */
export function setClock(t: TestApp, iso: string): void {
  t.clock.offsetMs = Date.parse(iso) - Date.now();
}

/** A recipient as stored: activated, taking `kinds`, in language code `language`. */
export async function buildActiveRecipient(
  t: TestApp,
  pid: number,
  email: string,
  language: number,
  kinds: string[] = ['energyReport'],
  activatedAt = new Date('2026-01-01T00:00:00Z'),
) {
  const [row] = await t.db
    .insert(projectRecipients)
    .values({
      pid,
      email,
      language,
      kinds,
      tokenHash: `t-${email}`,
      linkExpiresAt: new Date('2026-01-08T00:00:00Z'),
      activatedAt,
    })
    .returning();
  return row!;
}

/**
 * A project with one network in Europe/London (owner, installer, sub-user and a stranger signed in): a D4i
 * lamp that used 100 Wh every hour from 1 March to 20 April 2026, priced 30.00 GBP/kWh from 1 January 2026.
 */
export async function reportCycleSite(t: TestApp, options: { timeZone?: string } = {}) {
  const team = await networkTeam(t);
  const { db } = t;
  await db
    .update(networks)
    .set({ timeZone: options.timeZone ?? 'Europe/London', currency: 'GBP' })
    .where(eq(networks.id, team.network.id));
  await db
    .insert(tariffVersions)
    .values({ nid: team.network.id, validFrom: '2026-01-01', pricePerKWh: 3000, currency: 'GBP' });
  await storeHourlyLamp(t, team.network.id, {
    from: at('2026-03-01T00:00:00Z'),
    until: at('2026-04-20T00:00:00Z'),
    rawAt: (seq) => seq * 100,
  });
  return { ...team, pid: team.owner.pid };
}

/** Switches cycles on for project `pid` through the call, as an editor would, at the clock's time. */
export async function enableCycles(
  t: TestApp,
  site: Awaited<ReturnType<typeof reportCycleSite>>,
  cycles: readonly (Omit<ReportCycleInput, 'sections'> & { sections: readonly ReportSection[] })[],
): Promise<void> {
  const list = cycles.map((cycle) => ({ ...cycle, sections: [...cycle.sections] }));
  const reply = await call(t.app, 'reportCycleUpdate', { pid: site.pid, cycles: list }, site.owner.session);
  if (reply.body.code !== 0) throw new Error(`reportCycleUpdate failed: ${JSON.stringify(reply.body)}`);
}
