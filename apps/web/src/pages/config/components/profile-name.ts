import { type ProfileSummary, systemProfileSeeds } from '@lightwell/domain';
import type { TFunction } from 'i18next';

const SYSTEM_KEYS = new Map(systemProfileSeeds().map((seed) => [seed.name, seed.key]));

/** A profile's name as shown: system defaults in the interface language, others as their owner named them. */
export function profileDisplayName(t: TFunction, profile: Pick<ProfileSummary, 'name' | 'isSystem'>): string {
  const key = profile.isSystem ? SYSTEM_KEYS.get(profile.name) : undefined;
  return key ? t(`profile.system.${key}`) : profile.name;
}
