import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSettings } from '../db/schema.ts';
import { newSecret } from '../lib/tokens.ts';

/** The stored secrets: the public client key of request signatures and the server-only secret. */
const KEYS = { clientKey: 'signing_secret', serverSecret: 'server_secret' } as const;

/**
 * A secret the console generates itself unless configured: the value set in the environment, otherwise one
 * generated on first start and stored in the database, so every server process on the same database agrees.
 */
async function resolveStoredSecret(db: Db, key: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.insert(appSettings).values({ key, value: newSecret() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row!.value;
}

/**
 * The public client key of request signatures (section 5, SIGNING_SECRET): served to every browser, it
 * identifies the client and authenticates nobody.
 */
export function resolveClientKey(db: Db, configured: string | undefined): Promise<string> {
  return resolveStoredSecret(db, KEYS.clientKey, configured);
}

/** The server-only secret (SERVER_SECRET) every credential and link key is derived from; never served. */
export function resolveServerSecret(db: Db, configured: string | undefined): Promise<string> {
  return resolveStoredSecret(db, KEYS.serverSecret, configured);
}
