import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { lockDevices } from './device-locks.ts';
import { recomputeDays, refillDroppedDays } from './rollups.ts';

/*
 * A network's daily rollups are its local dates, its monthly rollups and heat-map cells its local months:
 * when its time zone changes (its location, a restored backup), they are rebuilt in the new zone. Until
 * then the network is "rezoning" (`rollups_time_zone` holds the old zone) and its screens read every hour
 * instead (services/energy, `rollupsInZone`); the hourly rollups are UTC hours and stay as they are.
 */

/** Devices whose days are rebuilt in one transaction, under their locks. */
const DEVICES_PER_REBUILD = 100;

/** A network as a change of its zone sees it. */
interface ZonedNetwork {
  timeZone: string;
  rollupsTimeZone: string | null;
}

/** Whether a network's daily and monthly rollups and heat-map cells are in its time zone. */
export const rollupsInZone = (network: ZonedNetwork) =>
  network.rollupsTimeZone === null || network.rollupsTimeZone === network.timeZone;

/**
 * What to store with a network's new time zone: the zone its rollups are in, kept from before the change
 * until the `rezone-rollups` job has rebuilt them (nothing when the zone stays, or already changed once).
 */
export function rollupsZoneOnChange(network: ZonedNetwork, timeZone: string): { rollupsTimeZone?: string } {
  if (timeZone === network.timeZone || network.rollupsTimeZone !== null) return {};
  return { rollupsTimeZone: network.timeZone };
}

/**
 * The `rezone-rollups` job: rebuilds the daily rollups of each network whose zone changed from its hourly
 * rollups in the new zone (a batch of devices at a time, under the same locks as a write), removes its
 * monthly rollups, heat-map cells and month marks (the `rollup-months` job sums them again in the new zone)
 * and marks the network's rollups in zone, unless its zone changed again meanwhile.
 */
export async function rezoneRollups(db: Db): Promise<string> {
  const pending = await rowsOf<{ id: number; time_zone: string }>(
    db,
    sql`SELECT id, time_zone FROM networks
        WHERE rollups_time_zone IS NOT NULL AND rollups_time_zone <> time_zone ORDER BY id`,
  );
  for (const network of pending) {
    const devices = await rowsOf<{ id: number }>(db, sql`SELECT id FROM devices WHERE nid = ${network.id} ORDER BY id`);
    const ids = devices.map((device) => device.id);
    for (let from = 0; from < ids.length; from += DEVICES_PER_REBUILD) {
      const batch = ids.slice(from, from + DEVICES_PER_REBUILD);
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        await lockDevices(tx, batch);
        await tx.execute(sql`DELETE FROM telemetry_daily WHERE device_id = ANY(${sql.param(batch)}::int[])`);
        const days = await rowsOf<{ device_id: number; day: string }>(
          tx,
          // The local date each hour starts and ends on (in a zone off whole hours an hour spans two).
          sql`SELECT h.device_id, (h.hour AT TIME ZONE ${network.time_zone})::date::text AS day
              FROM telemetry_hourly h WHERE h.device_id = ANY(${sql.param(batch)}::int[])
              UNION
              SELECT h.device_id, ((h.hour + interval '59 minutes 59 seconds') AT TIME ZONE ${network.time_zone})::date::text
              FROM telemetry_hourly h WHERE h.device_id = ANY(${sql.param(batch)}::int[])`,
        );
        await recomputeDays(
          tx,
          days.map((row) => ({ deviceId: row.device_id, day: row.day, zone: network.time_zone })),
        );
        await refillDroppedDays(tx, batch, network.time_zone);
      });
    }
    await db.transaction(async (tx) => {
      const ofNetwork = sql`(SELECT id FROM devices WHERE nid = ${network.id})`;
      await tx.execute(sql`DELETE FROM telemetry_monthly WHERE device_id IN ${ofNetwork}`);
      await tx.execute(sql`DELETE FROM telemetry_cells_monthly WHERE device_id IN ${ofNetwork}`);
      await tx.execute(sql`DELETE FROM telemetry_month_marks WHERE nid = ${network.id}`);
      await tx.execute(
        sql`UPDATE networks SET rollups_time_zone = NULL WHERE id = ${network.id} AND time_zone = ${network.time_zone}`,
      );
    });
  }
  return `${pending.length} networks' rollups rebuilt in their new time zone`;
}
