// The data pages of bench:rollup at portfolio size: the network overview, the device and zone heat maps and
// the home page (portfolio) as their routes call them, each timed BENCH_RUNS times after a warm-up, with the
// median and p95 beside the goal (≤ 100 ms p95 up to a month, ≤ 500 ms p95 for a year).
import { performance } from 'node:perf_hooks';
import { type EnergySpan, periodEndingAt, spanOf } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import type { EnergyNetwork } from '../../apps/server/src/services/energy/energy-settings.ts';
import {
  buildHeatMap,
  buildNetworkEnergy,
  buildPortfolio,
} from '../../apps/server/src/services/energy/energy-views.ts';

/** Zones of the bench network: its devices in zones of this many, each shown by a plan node. */
const ZONE_SIZE = 20;

/**
 * Plan nodes that put the devices in zones of `ZONE_SIZE`, and the bench user as a member of the project and
 * network (the home page lists the user's projects); once per database. No zone has a motion sensor, so the
 * heat maps' lit-while-unoccupied flags (summed with the months' cells) are the same with or without them.
 */
export async function ensurePages(db: Db, nid: number): Promise<void> {
  if ((await rowsOf(db, sql`SELECT 1 FROM zones WHERE nid = ${nid} LIMIT 1`)).length > 0) return;
  await db.execute(sql`INSERT INTO project_users (pid, uid, is_default) VALUES (1, 1, true) ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO network_users (nid, uid, user_type) VALUES (${nid}, 1, 1) ON CONFLICT DO NOTHING`);
  await db.execute(
    sql`INSERT INTO zones (nid, name, points)
        SELECT ${nid}, 'Z' || z, '[]'::jsonb
        FROM generate_series(1, (SELECT ceil(count(*) / ${ZONE_SIZE}::numeric)::int FROM devices WHERE nid = ${nid})) z`,
  );
  await db.execute(
    sql`INSERT INTO nodes (nid, zone_id, rid, name)
        SELECT ${nid}, z.id, d.id, d.name
        FROM (SELECT id, name, (row_number() OVER (ORDER BY id) - 1) / ${ZONE_SIZE} AS k FROM devices WHERE nid = ${nid}) d
        JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM zones WHERE nid = ${nid}) z ON z.k = d.k`,
  );
}

/** Median and p95 (nearest rank) of `runs` timed calls after a warm-up, in ms. */
async function timed(runs: number, call: () => Promise<unknown>) {
  await call();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const rank = (share: number) => times[Math.max(0, Math.ceil(share * times.length) - 1)]!;
  return { median: rank(0.5), p95: rank(0.95) };
}

/**
 * Times the pages over the spans ending at `until` (epoch seconds) and the home page at `homeNow`, and
 * prints each with its goal; a figure past its goal is marked.
 */
export async function timePages(db: Db, network: EnergyNetwork, until: number, homeNow: number, runs: number) {
  const period = (span: EnergySpan) => periodEndingAt(until, spanOf(span), network.timeZone);
  const month = periodEndingAt(until, { unit: 'month', count: 1 }, network.timeZone);
  const goalOf = (span: string) => (span === '12m' ? 500 : 100);
  const pages: { name: string; goal: number; call: () => Promise<unknown> }[] = [];
  for (const span of ['1d', '7d', '30d', 'month', '12m'] as const) {
    const at = span === 'month' ? month : period(span);
    pages.push({
      name: `overview ${span}`,
      goal: goalOf(span),
      call: () => buildNetworkEnergy(db, network, at, until),
    });
  }
  for (const by of ['device', 'zone'] as const) {
    for (const span of ['30d', 'month', '12m'] as const) {
      const at = span === 'month' ? month : period(span);
      pages.push({
        name: `${by} heat map (energy) ${span}`,
        goal: goalOf(span),
        call: () => buildHeatMap(db, network, at, 'energy', by),
      });
    }
  }
  pages.push({
    name: 'device heat map (triggers) 12m',
    goal: 500,
    call: () => buildHeatMap(db, network, period('12m'), 'triggers', 'device'),
  });
  pages.push({ name: 'home (portfolio)', goal: 100, call: () => buildPortfolio(db, 1, homeNow) });
  console.log('');
  console.log(`Data pages, ${runs} runs each after a warm-up (ms): median, p95, goal p95`);
  for (const page of pages) {
    const { median, p95 } = await timed(runs, page.call);
    const miss = p95 > page.goal ? '  MISSES' : '';
    console.log(
      `  ${page.name.padEnd(34)} ${median.toFixed(0).padStart(6)} ${p95.toFixed(0).padStart(6)}  ≤ ${page.goal}${miss}`,
    );
  }
}
