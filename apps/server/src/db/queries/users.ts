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

/** The user with this id, if any. */
export async function findUserById(db: Db, uid: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, uid)).limit(1);
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
