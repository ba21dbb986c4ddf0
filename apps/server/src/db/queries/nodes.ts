import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { devices, nodes } from '../schema.ts';

/** Real devices of a network with the plan nodes that show them (directly or through a bound virtual device). */
export async function deviceNodeIds(db: Db, nid: number): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ id: nodes.id, vid: nodes.vid, rid: nodes.rid })
    .from(nodes)
    .where(eq(nodes.nid, nid))
    .orderBy(asc(nodes.id));
  const bound = await db
    .select({ id: devices.id, boundId: devices.boundId })
    .from(devices)
    .where(and(eq(devices.nid, nid), eq(devices.isVirtual, true)));
  const realOf = new Map(bound.map((d) => [d.id, d.boundId ?? null]));
  const result = new Map<number, number[]>();
  for (const node of rows) {
    for (const deviceId of [node.vid, node.rid]) {
      if (deviceId === null) continue;
      const real = realOf.has(deviceId) ? realOf.get(deviceId) : deviceId;
      if (real === null || real === undefined) continue;
      const list = result.get(real) ?? [];
      if (!list.includes(node.id)) list.push(node.id);
      result.set(real, list);
    }
  }
  return result;
}
