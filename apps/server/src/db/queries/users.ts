import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema.ts';

/** A stored user row. */
export type UserRow = typeof users.$inferSelect;

/** The user with this (lower-case) e-mail, if any. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

function prepareUserById(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('uid')))
    .limit(1)
    .prepare('lw_user_by_id');
}

// A read of most calls: built once per database and, on PostgreSQL, parsed once per connection.
const byId = new WeakMap<Db, ReturnType<typeof prepareUserById>>();

/** The user with this id, if any. */
export async function findUserById(db: Db, uid: number): Promise<UserRow | undefined> {
  let query = byId.get(db);
  if (!query) {
    query = prepareUserById(db);
    byId.set(db, query);
  }
  const [row] = await query.execute({ uid });
  return row;
}

/** True when another user already has this name, compared without regard to case. */
export async function isNameTaken(db: Db, name: string, exceptUid?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.name}) = lower(${name})`)
    .limit(1);
  return row !== undefined && row.id !== exceptUid;
}
