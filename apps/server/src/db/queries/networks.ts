import type { Member, UserTypeValue } from '@lightwell/domain';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { networks, networkUsers } from '../schema.ts';

/** A network row. */
export type NetworkRow = typeof networks.$inferSelect;

/** Members of several networks at once, keyed by network id. */
export async function membersOf(db: Db, nids: number[]): Promise<Map<number, Member[]>> {
  const map = new Map<number, Member[]>(nids.map((nid) => [nid, []]));
  if (nids.length === 0) return map;
  const rows = await db.select().from(networkUsers).where(inArray(networkUsers.nid, nids));
  for (const row of rows) map.get(row.nid)?.push({ uid: row.uid, userType: row.userType as UserTypeValue });
  return map;
}

/** Filter of the networks a user belongs to: live, or in the recycle bin, optionally in one project or by name. */
export function memberNetworksWhere(
  uid: number,
  options: { pid?: number; keyword?: string | undefined; deleted?: boolean } = {},
): SQL {
  const conditions: SQL[] = [
    eq(networkUsers.uid, uid),
    options.deleted ? isNotNull(networks.deletedAt) : isNull(networks.deletedAt),
  ];
  if (options.pid !== undefined) conditions.push(eq(networks.pid, options.pid));
  if (options.keyword) conditions.push(ilike(networks.name, `%${escapeLike(options.keyword)}%`));
  return and(...conditions)!;
}

/** Networks a user belongs to, newest change first, optionally one page of them, with the total. */
export async function listMemberNetworks(
  db: Db,
  where: SQL,
  page?: { page: number; pageSize: number },
): Promise<{ rows: NetworkRow[]; total: number }> {
  const base = db
    .select({ network: networks })
    .from(networkUsers)
    .innerJoin(networks, eq(networks.id, networkUsers.nid))
    .where(where)
    .orderBy(desc(networks.updatedAt), desc(networks.id));
  const rows = page ? await base.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : await base;
  const [total] = await db
    .select({ n: count() })
    .from(networkUsers)
    .innerJoin(networks, eq(networks.id, networkUsers.nid))
    .where(where);
  return { rows: rows.map((r) => r.network), total: total?.n ?? 0 };
}

/** Escapes `%`, `_` and `\` so a search term matches literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
