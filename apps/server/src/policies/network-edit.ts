import { Code } from '@lightwell/domain';
import { CallError } from '../lib/call-error.ts';
import type { NetworkAccess } from './access.ts';

// Section 6: every member of a network reads it; only owners and installers change it, and only its
// administrator manages display keys. Each rule refuses anyone else with 1013 and the message of its subject.

/** Owners and installers configure groups, scenes and schedules; sub-users only read (1013). */
export function authorizeConfigure(access: NetworkAccess): void {
  if (!access.abilities.edit) throw new CallError(Code.noPermission, 'No permission.');
}

/**
 * Owners and installers act on fittings, change schedules, correct records and walk the fault workflow;
 * sub-users only read (1013): putting fittings on battery reduces the building's cover.
 */
export function authorizeEmergency(access: NetworkAccess): void {
  authorizeConfigure(access);
}

/** Owners and installers add, change or remove gateways; sub-users get 1013. */
export function authorizeGatewayEdit(access: NetworkAccess): void {
  if (!access.abilities.edit) throw new CallError(Code.noPermission, 'No permission to manage gateways.');
}

/** Every member reads devices; only owners and installers change them (sub-users 1013). */
export function authorizeDeviceEdit(access: NetworkAccess): void {
  if (!access.abilities.edit) throw new CallError(Code.noPermission, 'No permission to add or modify devices.');
}

/** Owners and installers add or modify zones and nodes; sub-users get 1013. */
export function authorizePlanEdit(access: NetworkAccess): void {
  if (!access.abilities.edit) throw new CallError(Code.noPermission, 'No permission to add or modify a zone.');
}

/** Display keys are the network administrator's (owner, or the only installer of an ownerless network). */
export function authorizeDisplayAdmin(access: NetworkAccess): void {
  if (!access.abilities.display) {
    throw new CallError(Code.noPermission, "Only the network's owner manages display keys.", null, {
      key: 'refusals.1013.displayAdmin',
    });
  }
}

/** Section 8: a group or scene that still holds real devices cannot be deleted. */
export function hasRealDevices(realDeviceCount: number): CallError {
  return new CallError(Code.hasRealDevices, 'A group or scene with real devices cannot be deleted.', {
    realDeviceCount,
  });
}
