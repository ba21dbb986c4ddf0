import { systemProfileSeeds } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';

/**
 * Seeds the system default profiles (section 3: system default type; read-only by section 6) on every
 * start, demo or not. Idempotent: a profile already there by name is left as it is, and the partial
 * unique index on system names keeps two processes starting together from adding it twice.
 */
export async function seedSystemProfiles(db: Db): Promise<void> {
  await db
    .insert(profiles)
    .values(
      systemProfileSeeds().map((seed) => ({
        name: seed.name,
        ownerUid: null,
        isSystem: true,
        isPublic: true,
        settings: seed.settings,
      })),
    )
    .onConflictDoNothing({ target: profiles.name, where: sql`${profiles.isSystem}` });
}
