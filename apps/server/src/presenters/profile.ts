import { epochSeconds, type Profile, ProfileSettingsSchema, type ProfileSummary } from '@lightwell/domain';
import type { ProfileRow } from '../db/queries/profiles.ts';
import { isOwnProfile } from '../policies/profile.ts';

/** What a profile is shown with besides its row: its creator's name and, for its owner, where it is applied. */
export interface ProfileFacts {
  creatorName: string;
  usage: { zones: number; networks: number };
}

/**
 * A profile as one user sees it. The network it was made for and where it is applied are shown to its
 * owner only, so a public profile tells nobody else about the owner's networks.
 */
export function presentProfileSummary(row: ProfileRow, uid: number, facts: ProfileFacts): ProfileSummary {
  const mine = isOwnProfile(row, uid);
  return {
    id: row.id,
    name: row.name,
    isSystem: row.isSystem,
    isPublic: row.isPublic,
    mine,
    creatorName: facts.creatorName,
    nid: mine ? row.nid : null,
    zoneCount: mine ? facts.usage.zones : 0,
    networkCount: mine ? facts.usage.networks : 0,
    updatedAt: epochSeconds(row.updatedAt),
  };
}

/** A profile with its settings, read back through the settings schema. */
export function presentProfile(row: ProfileRow, uid: number, facts: ProfileFacts): Profile {
  return { ...presentProfileSummary(row, uid, facts), settings: ProfileSettingsSchema.parse(row.settings) };
}
