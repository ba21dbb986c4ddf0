import { Code } from '@lightwell/domain';
import { CallError } from '../../lib/call-error.ts';
import type { NetworkAccess } from '../../policies/access.ts';
import { authorizeConfigure } from '../group/authorize.ts';

/** 1071: the target holds no emergency fitting. */
export const noFitting = () => new CallError(Code.noDeviceSelected, 'The target holds no emergency fitting.');

/**
 * Owners and installers act on fittings, change schedules, correct records and walk the fault workflow;
 * sub-users only read (1013): putting fittings on battery reduces the building's cover.
 */
export function authorizeEmergency(access: NetworkAccess): void {
  authorizeConfigure(access);
}
