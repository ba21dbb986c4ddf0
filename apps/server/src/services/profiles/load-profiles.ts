import type { Db } from '../../db/client.ts';
import { type ProfileRow, profileCreatorName, profileUsage } from '../../db/queries/profiles.ts';
import { isOwnProfile } from '../../policies/profile.ts';
import type { ProfileFacts } from '../../presenters/profile.ts';

/** A profile row with what presenting it to one user needs. */
export interface LoadedProfile {
  row: ProfileRow;
  facts: ProfileFacts;
}

/** What presenting a profile to `uid` needs: its creator's name, and where it is applied when it is theirs. */
export async function loadProfileFacts(db: Db, row: ProfileRow, uid: number): Promise<ProfileFacts> {
  const usage = isOwnProfile(row, uid) ? await profileUsage(db, row.id) : { zones: 0, networks: 0 };
  return { creatorName: await profileCreatorName(db, row), usage };
}

/** A profile row with its facts for `uid`, read through `db` (a transaction reads its own changes). */
export async function loadProfile(db: Db, row: ProfileRow, uid: number): Promise<LoadedProfile> {
  return { row, facts: await loadProfileFacts(db, row, uid) };
}
