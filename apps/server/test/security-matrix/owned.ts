import { type CallName, defaultProfileSettings } from '@lightwell/domain';
import { call, type TestApp } from '../helpers.ts';
import type { RoleWorld } from '../support/role-world.ts';

/**
 * The `session` calls that name something of one user by id or name, each aimed at something of the role
 * world's owner: a user of another project sending them must open, change or learn nothing.
 */
export async function ownedByOwner(t: TestApp, w: RoleWorld): Promise<[CallName, Record<string, unknown>][]> {
  const owner = w.sessions.owner;
  const profile = await call(t.app, 'profileAdd', { name: 'Owner profile', settings: defaultProfileSettings() }, owner);
  const profileId = (profile.body.data as { id: number }).id;
  const display = await call(t.app, 'displayTokenAdd', { nid: w.nid, name: 'Owned lobby' }, owner);
  await call(t.app, 'shareNetwork', { nid: w.nid, emails: ['matrix-share@example.com'], userType: 3 }, owner);
  const shares = await call(t.app, 'shareList', {}, owner);
  const shareId = (shares.body.data as { id: number }[])[0]!.id;
  return [
    ['fileDownloadUrl', { fileName: w.pictureName }],
    ['displayTokenRevoke', { id: (display.body.data as { id: number }).id }],
    ['profileGet', { profileId }],
    ['profileUpdate', { profileId, name: 'Taken' }],
    ['profileDelete', { profileId }],
    ['profileCopy', { profileId }],
    ['profileShare', { profileId, emails: ['thief@example.com'] }],
    ['shareResend', { id: shareId }],
    ['shareRevoke', { id: shareId }],
  ];
}
