import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema.ts';

let counter = 0;

/** Inserts `n` devices of a kind into a network (test factory); real unless `isVirtual`. */
export async function buildDevices(
  db: Db,
  nid: number,
  n: number,
  options: { kind?: string; isVirtual?: boolean } = {},
) {
  const rows = Array.from({ length: n }, () => {
    counter += 1;
    const mac = (0xa0000000 + counter * 7 + nid * 100_000).toString(16).toUpperCase().padStart(12, '0');
    return {
      nid,
      kind: options.kind ?? 'luminaire',
      isVirtual: options.isVirtual ?? false,
      name: `Device ${counter}`,
      model: 'LW-DT6',
      mac,
    };
  });
  return db.insert(devices).values(rows).returning();
}
