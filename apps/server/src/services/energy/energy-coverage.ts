import type { Coverage } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The start of the first hour each network has stored data for (epoch seconds), from the hourly rollups,
 * which outlive the raw readings; a network with none is absent. One index probe per device.
 */
export async function loadDataStarts(db: Db, nids: readonly number[]): Promise<Map<number, number>> {
  if (nids.length === 0) return new Map();
  const rows = await rowsOf<{ nid: number; first: number | string }>(
    db,
    sql`SELECT d.nid, extract(epoch FROM min(h.hour))::float8 AS first
        FROM devices d
        CROSS JOIN LATERAL (
          SELECT hour FROM telemetry_hourly WHERE device_id = d.id ORDER BY hour LIMIT 1
        ) h
        WHERE d.nid = ANY(${sql.param([...nids])}::int[])
        GROUP BY d.nid`,
  );
  return new Map(rows.map((row) => [Number(row.nid), Number(row.first)]));
}

/**
 * Whether data from `dataFrom` on covers a period starting at `start`: complete when the data began at or
 * before it (docs/decisions.md "Comparing with a period"). No data at all is not complete.
 */
export function coverageOf(start: number, dataFrom: number | undefined): Coverage {
  if (dataFrom === undefined) return { complete: false, dataFrom: null };
  return { complete: dataFrom <= start, dataFrom };
}

/**
 * The coverage of a period by several networks' data (a project's): complete only when each network with
 * data began by its start, from the latest first hour among them; networks without data add nothing.
 */
export function coverageOfAll(starts: readonly { start: number; dataFrom: number | undefined }[]): Coverage {
  const known = starts.filter((item) => item.dataFrom !== undefined);
  if (known.length === 0) return { complete: false, dataFrom: null };
  return {
    complete: known.every((item) => item.dataFrom! <= item.start),
    dataFrom: Math.max(...known.map((item) => item.dataFrom!)),
  };
}
