import { Limits } from '../limits.ts';

/**
 * Sync state of a device (section 4 "Sync: fully synchronized, virtual modified, real modified").
 * 0 fully synchronized, 1 virtual modified, 2 real modified.
 */
export const SyncState = { synchronized: 0, virtualModified: 1, realModified: 2 } as const;
export type SyncStateValue = (typeof SyncState)[keyof typeof SyncState];

/** The side of a binding as the sync rule sees it: its settings and when its row last changed (epoch ms). */
export interface SyncSide {
  settings: Record<string, unknown> | null;
  updatedAt: number;
}

/** JSON with object keys sorted, so that equal settings compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The sync rule: a virtual device without a bound real device exists only in the console, so it is
 * "virtual modified" (1) until it is bound. A bound pair is fully synchronized (0) while both hold the
 * same settings (null and `{}` are the same: nothing configured); when they differ, the side whose row
 * changed last is the modified one — the virtual device (1) on a tie, since the console wrote it. A
 * real device is answered through the virtual device bound to it, or 0 when none is.
 */
export function syncStateOf(virtual: SyncSide, real: SyncSide | null): SyncStateValue {
  if (!real) return SyncState.virtualModified;
  if (canonicalJson(virtual.settings ?? {}) === canonicalJson(real.settings ?? {})) return SyncState.synchronized;
  return real.updatedAt > virtual.updatedAt ? SyncState.realModified : SyncState.virtualModified;
}

/** A device as the binding rules see it. */
export interface BindingSide {
  id: number;
  nid: number;
  isVirtual: boolean;
  model: string;
  /** For a virtual device: the real device it is bound to. */
  boundId: number | null;
}

/** Why a binding is refused, or null when it may be made. */
export type BindRefusal = 'notVirtual' | 'notReal' | 'otherNetwork' | 'virtualBound' | 'realBound' | 'modelMismatch';

/**
 * Section 5 binding: a virtual device is bound to a real device of the same network and the same model
 * (`modelMismatch` → 1077). A virtual device already bound, or a real device already bound to another
 * virtual device, must be unbound first (→ 1076). `realBoundTo` is the virtual device holding `real`, if any.
 */
export function bindRefusal(virtual: BindingSide, real: BindingSide, realBoundTo: number | null): BindRefusal | null {
  if (!virtual.isVirtual) return 'notVirtual';
  if (real.isVirtual) return 'notReal';
  if (virtual.nid !== real.nid) return 'otherNetwork';
  if (virtual.boundId !== null && virtual.boundId !== real.id) return 'virtualBound';
  if (realBoundTo !== null && realBoundTo !== virtual.id) return 'realBound';
  if (virtual.model.trim().toLowerCase() !== real.model.trim().toLowerCase()) return 'modelMismatch';
  return null;
}

/**
 * Section 8 "bound virtual device must be unbound first": a device that takes part in a binding (a
 * virtual device with `boundId`, or a real device some virtual device is bound to) cannot be deleted.
 */
export function mayDeleteDevice(device: { boundId: number | null }, boundBy: number | null): boolean {
  return device.boundId === null && boundBy === null;
}

/** Most devices added in one go (section 5/9: up to 10 items added at once). */
export const DEVICE_ADD_MAX = Limits.batchItemsMax;

/**
 * Section 5 deleting a row of a list being filled in: the only remaining row gives the warning loc926,
 * the first row is refused with loc927; other rows may go (null).
 */
export function rowRemovalRefusal(index: number, rowCount: number): 'loc926' | 'loc927' | null {
  if (rowCount <= 1) return 'loc926';
  if (index === 0) return 'loc927';
  return null;
}

/** Whether one more row may be added to a batch of `rowCount` rows. */
export function mayAddRow(rowCount: number): boolean {
  return rowCount < DEVICE_ADD_MAX;
}

/** MACs that occur more than once in a batch (normalised: upper case without separators). */
export function duplicateMacs(macs: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const mac of macs.map(normaliseMac)) {
    if (seen.has(mac)) twice.add(mac);
    seen.add(mac);
  }
  return [...twice];
}

/** A MAC as stored: upper case, separators (`:`, `-`, spaces) removed. */
export function normaliseMac(value: string): string {
  return value.replace(/[:\-\s]/g, '').toUpperCase();
}

/** Section 5: a MAC address is required and hexadecimal (12 digits, separators allowed). */
export function isValidMac(value: string): boolean {
  return /^[0-9A-F]{12}$/.test(normaliseMac(value));
}

/** A MAC shown in the usual grouped form `AA:BB:CC:DD:EE:FF`. */
export function formatMac(value: string): string {
  const mac = normaliseMac(value);
  return /^[0-9A-F]{12}$/.test(mac) ? (mac.match(/../g) ?? []).join(':') : value;
}
