import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes, zones } from '../../db/schema.ts';
import { noPermission } from '../../policies/access.ts';
import { type NodeRow, presentNode, presentZone, type ZoneRow } from '../../presenters/zone.ts';

/** A zone row by id; 1013 when there is none (the caller's access is checked on its network next). */
export async function findZone(db: Db, zid: number): Promise<ZoneRow> {
  const [row] = await db.select().from(zones).where(eq(zones.id, zid)).limit(1);
  if (!row) throw noPermission();
  return row;
}

/** A node row by id; 1013 when there is none. */
export async function findNode(db: Db, nodeId: number): Promise<NodeRow> {
  const [row] = await db.select().from(nodes).where(eq(nodes.id, nodeId)).limit(1);
  if (!row) throw noPermission();
  return row;
}

/** Refuses (1013) a zone id that is not a zone of network `nid`. */
export async function assertZoneOfNetwork(db: Db, zid: number, nid: number): Promise<void> {
  const [row] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.id, zid), eq(zones.nid, nid)))
    .limit(1);
  if (!row) throw noPermission();
}

/** Number of nodes placed in one zone. */
export async function nodeCountOf(db: Db, zid: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(nodes).where(eq(nodes.zoneId, zid));
  return row?.n ?? 0;
}

/** Zones and nodes of a network, as the map draws them, in id order. */
export async function loadZoneMap(db: Db, nid: number) {
  const zoneRows = await db.select().from(zones).where(eq(zones.nid, nid)).orderBy(asc(zones.id));
  const nodeRows = await db.select().from(nodes).where(eq(nodes.nid, nid)).orderBy(asc(nodes.id));
  const counts = new Map<number, number>();
  for (const node of nodeRows) if (node.zoneId !== null) counts.set(node.zoneId, (counts.get(node.zoneId) ?? 0) + 1);
  return {
    zones: zoneRows.map((row) => presentZone(row, counts.get(row.id) ?? 0)),
    nodes: nodeRows.map(presentNode),
  };
}
