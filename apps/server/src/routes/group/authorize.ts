import { Code } from '@lightwell/domain';
import { CallError } from '../../lib/call-error.ts';
import type { NetworkAccess } from '../../policies/access.ts';

/** Section 6: owners and installers configure groups, scenes and schedules; sub-users only read (1013). */
export function authorizeConfigure(access: NetworkAccess): void {
  if (!access.abilities.edit) throw new CallError(Code.noPermission, 'No permission.');
}

/** The section-8 refusal for a group or scene that still holds real devices. */
export function hasRealDevices(realDeviceCount: number): CallError {
  return new CallError(Code.hasRealDevices, 'A group or scene with real devices cannot be deleted.', {
    realDeviceCount,
  });
}
