import { formatLocalDate, localDateOf } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { DEVICES_PER_TRANSACTION, lockDevices } from './device-locks.ts';
import { monthOf, nextMonth } from './months.ts';
import { sumMonthCells } from './week-cells.ts';

/*
 * Monthly rollups of closed site-local months: per device, the sum of its daily rows. A month's report
 * over many devices reads a row per device instead of one per device and day (bench/src/rollup-report.ts).
 * The `rollup-months` job sums each network's months an hour after they end (so a clock an hour apart
 * between processes cannot sum a month a write still counts as current), and again any month a late write
 * marked stale (rollups.ts, `markStaleMonths`). It takes the same per-device locks as a telemetry write, so
 * a month is summed from every committed day and a write after it marks it stale again.
 */

/** A network `n` whose rollups are in its time zone (rezone.ts, `rollupsInZone`). */
const IN_ZONE = sql`(n.rollups_time_zone IS NULL OR n.rollups_time_zone = n.time_zone)`;

/** How long after its end a month is summed. */
const MONTH_SETTLE_MS = 3_600_000;

/** The summed columns of a month: every one is a sum over its days. */
const SUMMED = [
  'energy_wh',
  'd4i_wh',
  'meter_wh',
  'quarantined_wh',
  'on_seconds',
  'triggers',
  'occupied_seconds',
  'readings',
  'spread_wh',
  'hours_reported',
  'hours_meter',
  'hours_d4i',
  'on_capped_seconds',
  'rated_seconds',
  'level_seconds',
  'rated_capped_seconds',
  'd4i_readings',
  'meter_readings',
];
const COLUMNS = sql.raw(SUMMED.join(', '));
const SUMS = sql.raw(SUMMED.map((column) => `sum(t.${column})`).join(', '));
const UPDATED = sql.raw(SUMMED.map((column) => `${column} = excluded.${column}`).join(', '));

/**
 * Sums `month` (its first day) of `deviceIds` from their daily rows, in transactions of at most
 * `DEVICES_PER_TRANSACTION` locked devices; a stale row left without any day (none) is removed.
 */
async function sumMonth(db: Db, deviceIds: readonly number[], month: string): Promise<void> {
  const ids = [...deviceIds].sort((a, b) => a - b);
  for (let from = 0; from < ids.length; from += DEVICES_PER_TRANSACTION) {
    const batch = ids.slice(from, from + DEVICES_PER_TRANSACTION);
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL jit = off`);
      await lockDevices(tx, batch);
      await tx.execute(
        sql`INSERT INTO telemetry_monthly (device_id, month, ${COLUMNS}, stale)
            SELECT t.device_id, ${month}::date, ${SUMS}, false FROM telemetry_daily t
            WHERE t.device_id = ANY(${sql.param(batch)}::int[]) AND t.day >= ${month}::date
              AND t.day < ${nextMonth(month)}::date
            GROUP BY t.device_id
            ON CONFLICT (device_id, month) DO UPDATE SET ${UPDATED}, stale = false`,
      );
      await tx.execute(
        sql`DELETE FROM telemetry_monthly WHERE device_id = ANY(${sql.param(batch)}::int[])
            AND month = ${month}::date AND stale`,
      );
    });
  }
}

/**
 * The `rollup-months` job: each network's months that ended at least `MONTH_SETTLE_MS` before `now` (in
 * its zone) and are not summed yet, from its first day with a rollup, then every stale month below the
 * networks' marks. Resumable: a network's mark moves after each month.
 */
export async function rollupMonths(db: Db, now: Date): Promise<string> {
  // A network whose zone changed waits for the `rezone-rollups` job (rezone.ts) to rebuild its days.
  const networks = await rowsOf<{ id: number; time_zone: string; built_until: string | null }>(
    db,
    sql`SELECT n.id, n.time_zone, m.built_until::text AS built_until
        FROM networks n LEFT JOIN telemetry_month_marks m ON m.nid = n.id
        WHERE ${IN_ZONE} ORDER BY n.id`,
  );
  let months = 0;
  for (const network of networks) {
    const open = monthOf(
      formatLocalDate(localDateOf(Math.floor((now.getTime() - MONTH_SETTLE_MS) / 1000), network.time_zone)),
    );
    let month = network.built_until ?? (await firstMonthOf(db, network.id, 'telemetry_daily')) ?? open;
    const devices = await rowsOf<{ id: number }>(db, sql`SELECT id FROM devices WHERE nid = ${network.id}`);
    while (month < open) {
      await sumMonth(
        db,
        devices.map((device) => device.id),
        month,
      );
      month = nextMonth(month);
      months += 1;
      await markBuilt(db, network.id, network.time_zone, month);
    }
    if (network.built_until !== month) await markBuilt(db, network.id, network.time_zone, month);
  }
  const stale = await rowsOf<{ device_id: number; nid: number; month: string }>(
    db,
    sql`SELECT t.device_id, d.nid, t.month::text AS month FROM telemetry_monthly t
        JOIN devices d ON d.id = t.device_id JOIN telemetry_month_marks m ON m.nid = d.nid
        WHERE t.stale AND t.month < m.built_until`,
  );
  const byMonth = new Map<string, number[]>();
  const firstStale = new Map<number, string>();
  for (const row of stale) {
    const ids = byMonth.get(row.month);
    if (ids) ids.push(row.device_id);
    else byMonth.set(row.month, [row.device_id]);
    const first = firstStale.get(row.nid);
    if (first === undefined || row.month < first) firstStale.set(row.nid, row.month);
  }
  // A late write changed these months' hours: their cells are summed again below (the mark moves back first,
  // so a stop in between still leaves them to sum).
  for (const [nid, month] of firstStale) {
    await db.execute(
      sql`UPDATE telemetry_month_marks SET cells_until = least(cells_until, ${month}::date)
          WHERE nid = ${nid} AND cells_until IS NOT NULL`,
    );
  }
  for (const [month, ids] of byMonth) await sumMonth(db, ids, month);
  const cells = await rollupCells(db);
  return `${months} network months summed, ${stale.length} stale device months summed again, ${cells} network months of heat-map cells summed`;
}

/**
 * Sums each network's hour-of-week cells of the months the job has summed (below `built_until`) from its
 * cell mark on (its first summed month when none), moving the mark after each month.
 */
async function rollupCells(db: Db): Promise<number> {
  const marks = await rowsOf<{ nid: number; time_zone: string; built_until: string; cells_until: string | null }>(
    db,
    sql`SELECT m.nid, n.time_zone, m.built_until::text AS built_until, m.cells_until::text AS cells_until
        FROM telemetry_month_marks m JOIN networks n ON n.id = m.nid
        WHERE (m.cells_until IS NULL OR m.cells_until < m.built_until) AND ${IN_ZONE} ORDER BY m.nid`,
  );
  let summed = 0;
  for (const mark of marks) {
    let month = mark.cells_until;
    if (month === null) {
      const first = await firstMonthOf(db, mark.nid, 'telemetry_monthly');
      month = first !== null && first < mark.built_until ? first : mark.built_until;
    }
    while (month < mark.built_until) {
      await sumMonthCells(db, mark.nid, mark.time_zone, month);
      month = nextMonth(month);
      summed += 1;
      await markCells(db, mark.nid, mark.time_zone, month);
    }
    if (mark.cells_until === null) {
      await markCells(db, mark.nid, mark.time_zone, month);
    }
  }
  return summed;
}

/** The first month (its first day) of network `nid`'s rows in a daily or monthly rollup table; null when none. */
async function firstMonthOf(
  db: Db,
  nid: number,
  table: 'telemetry_daily' | 'telemetry_monthly',
): Promise<string | null> {
  const column = sql.raw(table === 'telemetry_daily' ? 't.day' : 't.month');
  const [first] = await rowsOf<{ day: string | null }>(
    db,
    sql`SELECT min(${column})::text AS day FROM ${sql.raw(table)} t JOIN devices d ON d.id = t.device_id
        WHERE d.nid = ${nid}`,
  );
  return first?.day ? monthOf(first.day) : null;
}

/**
 * Moves network `nid`'s month mark, if its rollups are still in `timeZone`, the zone they were summed in: a
 * change of zone meanwhile leaves the months to sum again after the days are rebuilt (rezone.ts).
 */
async function markBuilt(db: Db, nid: number, timeZone: string, month: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO telemetry_month_marks (nid, built_until)
        SELECT ${nid}, ${month}::date FROM networks n WHERE n.id = ${nid} AND n.time_zone = ${timeZone} AND ${IN_ZONE}
        ON CONFLICT (nid) DO UPDATE SET built_until = excluded.built_until`,
  );
}

/** Cells of network `nid` are summed up to `month`, if its rollups are still in `timeZone` (`markBuilt`). */
async function markCells(db: Db, nid: number, timeZone: string, month: string): Promise<void> {
  await db.execute(
    sql`UPDATE telemetry_month_marks m SET cells_until = ${month}::date FROM networks n
        WHERE m.nid = ${nid} AND n.id = m.nid AND n.time_zone = ${timeZone} AND ${IN_ZONE}`,
  );
}
