import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { sessions, users } from '../schema.ts';

function prepareSessionLookup(db: Db) {
  return db
    .select({ id: sessions.id, uid: sessions.uid, lastUsedAt: sessions.lastUsedAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.uid))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('lw_session_with_user');
}

// Every authenticated call runs this query: built once per database, and on PostgreSQL parsed once
// per connection (a named prepared statement), instead of on every call.
const lookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/** A session by its token's hash, with its user's row read in the same query (one round trip per call). */
export async function findSessionWithUser(db: Db, tokenHash: string) {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash });
  return row;
}
