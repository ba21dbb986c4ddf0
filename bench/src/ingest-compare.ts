// What bench:ingest compares once the gateways stopped and every report was confirmed: the readings they
// produced (count and SHA-256 of the sorted `sn:seq:mac:element:raw` lines, from ingest-fleet.ts) against
// those stored.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';

/** Stored against produced: the line to print and whether nothing was lost or doubled and the checksums agree. */
export async function compareStored(db: Db, done: { lines?: number; sha?: string }) {
  const stored = await rowsOf<{ line: string }>(
    db,
    sql`SELECT g.sn || ':' || r.seq || ':' || d.mac || ':' || r.element || ':' || coalesce(r.energy_raw::text, '-') AS line
        FROM telemetry_readings r JOIN gateways g ON g.id = r.gateway_id JOIN devices d ON d.id = r.device_id`,
  );
  const lines = stored.map((row) => row.line).sort();
  const sha = createHash('sha256').update(lines.join('\n')).digest('hex');
  const duplicated = lines.length - new Set(lines).size;
  const lost = Math.max(0, (done.lines ?? 0) - (lines.length - duplicated));
  const equal = sha === done.sha;
  const text =
    `produced ${done.lines} readings, stored ${lines.length} (${duplicated} duplicated, ${lost} lost); ` +
    `checksum ${equal ? 'equal' : 'DIFFERENT'} (${sha.slice(0, 12)})`;
  return { text, ok: equal && lost === 0 && duplicated === 0 };
}
