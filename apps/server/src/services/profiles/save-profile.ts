import type { CallPayload } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ProfileRow } from '../../db/queries/profiles.ts';
import { profiles } from '../../db/schema.ts';
import { recordAudit } from '../audit.ts';
import { type LoadedProfile, loadProfile } from './load-profiles.ts';

/** A new profile of the caller's: its name, whether others see it, the network it is made for, its settings. */
type NewProfile = CallPayload<'profileAdd'>;

/** Changes to one's own profile (undefined leaves a field as it is). */
type ProfileChanges = Omit<CallPayload<'profileUpdate'>, 'profileId'>;

/** Adds a profile owned by `uid` (the network, if any, already checked to be theirs); audited. */
export function addProfile(ctx: AppContext, uid: number, profile: NewProfile): Promise<LoadedProfile> {
  const nid = profile.nid ?? null;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profiles)
      .values({
        name: profile.name,
        ownerUid: uid,
        isPublic: profile.isPublic,
        nid,
        settings: profile.settings,
      })
      .returning();
    await recordAudit(tx, {
      action: 'profile.add',
      actorUid: uid,
      nid,
      after: { id: row!.id, name: row!.name },
    });
    return loadProfile(tx, row!, uid);
  });
}

/** Changes the name, visibility or settings of `uid`'s own profile `current`; audited with before and after. */
export function updateProfile(
  ctx: AppContext,
  uid: number,
  current: ProfileRow,
  changes: ProfileChanges,
): Promise<LoadedProfile> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ name: changes.name, isPublic: changes.isPublic, settings: changes.settings, updatedAt: ctx.now() })
      .where(eq(profiles.id, current.id))
      .returning();
    await recordAudit(tx, {
      action: 'profile.update',
      actorUid: uid,
      nid: current.nid,
      before: { name: current.name, isPublic: current.isPublic, settings: current.settings },
      after: { name: row!.name, isPublic: row!.isPublic, settings: row!.settings },
    });
    return loadProfile(tx, row!, uid);
  });
}

/**
 * Copies a profile `uid` may see into their own profiles, under `name` or the source's name: private and
 * for no network; audited naming the source.
 */
export function copyProfile(
  ctx: AppContext,
  uid: number,
  source: ProfileRow,
  name: string | undefined,
): Promise<LoadedProfile> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profiles)
      .values({
        name: name ?? source.name,
        ownerUid: uid,
        configType: source.configType,
        sceneType: source.sceneType,
        settings: source.settings,
      })
      .returning();
    await recordAudit(tx, {
      action: 'profile.copy',
      actorUid: uid,
      after: { id: row!.id, from: source.id, name: row!.name },
    });
    return loadProfile(tx, row!, uid);
  });
}
