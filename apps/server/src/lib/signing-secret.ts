import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSettings } from '../db/schema.ts';
import { newSecret } from './tokens.ts';

const KEY = 'signing_secret';

/**
 * The signing secret: SIGNING_SECRET when set, otherwise one generated on first start and stored in the
 * database, so every server process on the same database signs and verifies alike.
 */
export async function resolveSigningSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.insert(appSettings).values({ key: KEY, value: newSecret() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  return row!.value;
}
