import { DEVICE_KINDS, isDeviceKind } from '../devices/device-kinds.ts';
import { isBatteryCharging, isOnBattery } from '../emergency/decode.ts';
import { FAILURE_BITS, type Grade, STATUS_BITS } from '../emergency/types.ts';
import {
  AGE_BUCKETS,
  type AgeBucket,
  BATTERY_STATES,
  type BatteryState,
  type EquipmentFigures,
  type EquipmentKind,
  type KindRow,
  LAST_TEST_GRADES,
  type ModelRow,
  type OldestDevice,
  type VersionRow,
} from './schemas.ts';

/*
 * The rules of the equipment statistics (docs/decisions.md "Equipment statistics"): what counts as
 * installed, faulty, how old, and in which battery and test state. Times are epoch seconds, UTC.
 */

/** One installed (real) device as the statistics read it. */
export interface EquipmentDevice {
  id: number;
  nid: number;
  networkName: string;
  name: string;
  kind: string;
  model: string;
  manufacturer: string;
  firmwareVersion: string;
  hardwareVersion: string;
  online: boolean;
  /** Faulty by the console's one rule (`isFaultyDevice`). */
  faulty: boolean;
  /** Installation day (epoch seconds), null when not known. */
  installedAt: number | null;
}

/** One emergency fitting: its battery state and the grades of its last function and duration tests. */
export interface EquipmentFitting {
  battery: BatteryState;
  lastFunction: Grade | null;
  lastDuration: Grade | null;
}

/**
 * Whole years completed from `from` to `to`, on the UTC calendar: a device installed on 10 March 2021 is
 * 3 years old from 10 March 2024. A day in the future counts as 0.
 */
export function completedYears(from: number, to: number): number {
  if (to <= from) return 0;
  const start = new Date(from * 1000);
  const end = new Date(to * 1000);
  const beforeAnniversary =
    end.getUTCMonth() < start.getUTCMonth() ||
    (end.getUTCMonth() === start.getUTCMonth() && end.getUTCDate() < start.getUTCDate());
  return Math.max(0, end.getUTCFullYear() - start.getUTCFullYear() - (beforeAnniversary ? 1 : 0));
}

/** The age bucket of a device installed at `installedAt` (null: unknown) on `now`. */
export function ageBucketOf(installedAt: number | null, now: number): AgeBucket {
  if (installedAt === null) return 'unknown';
  const years = completedYears(installedAt, now);
  if (years < 1) return 'underOne';
  if (years < 3) return 'oneToThree';
  if (years < 5) return 'threeToFive';
  return 'fiveAndMore';
}

const BATTERY_FAILURES = FAILURE_BITS.battery | FAILURE_BITS.batteryDuration;

/**
 * A fitting's battery state from its last report: `fault` while a battery or battery-duration failure
 * bit is set; `unknown` before its first report; `onBattery` while mains is lost or a mode runs from the
 * battery (`isOnBattery`); `full` with the "battery fully charged" status bit; `charging` otherwise
 * (`isBatteryCharging`).
 */
export function batteryStateOf(fitting: {
  mode: number | null;
  mainsPresent: boolean | null;
  statusBits: number;
  failureBits: number;
}): BatteryState {
  if ((fitting.failureBits & BATTERY_FAILURES) !== 0) return 'fault';
  if (fitting.mode === null) return 'unknown';
  if (isOnBattery(fitting)) return 'onBattery';
  if ((fitting.statusBits & STATUS_BITS.batteryFull) !== 0) return 'full';
  return isBatteryCharging(fitting) ? 'charging' : 'unknown';
}

/** A stored device kind as the statistics group it: one of the six kinds, else `other`. */
export function equipmentKindOf(kind: string): EquipmentKind {
  return isDeviceKind(kind) ? kind : 'other';
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const versionOf = (text: string) => (text.trim() === '' ? null : text.trim());

function kindRows(list: readonly EquipmentDevice[]): KindRow[] {
  const rows = new Map<EquipmentKind, KindRow>(
    DEVICE_KINDS.map((kind) => [kind, { kind, devices: 0, online: 0, offline: 0, faulty: 0 }]),
  );
  for (const device of list) {
    const kind = equipmentKindOf(device.kind);
    const row = rows.get(kind) ?? { kind, devices: 0, online: 0, offline: 0, faulty: 0 };
    row.devices += 1;
    row[device.online ? 'online' : 'offline'] += 1;
    if (device.faulty) row.faulty += 1;
    rows.set(kind, row);
  }
  return [...rows.values()];
}

function modelRows(list: readonly EquipmentDevice[]): ModelRow[] {
  const rows = new Map<string, ModelRow>();
  for (const device of list) {
    const model = device.model.trim();
    const row = rows.get(model) ?? {
      model,
      kind: equipmentKindOf(device.kind),
      manufacturer: device.manufacturer.trim(),
      devices: 0,
      online: 0,
      offline: 0,
      faulty: 0,
    };
    row.devices += 1;
    row[device.online ? 'online' : 'offline'] += 1;
    if (device.faulty) row.faulty += 1;
    rows.set(model, row);
  }
  return [...rows.values()].sort((a, b) => b.devices - a.devices || byText(a.model, b.model));
}

function versionRows(list: readonly EquipmentDevice[], field: 'firmwareVersion' | 'hardwareVersion'): VersionRow[] {
  const rows = new Map<string, VersionRow>();
  for (const device of list) {
    const model = device.model.trim();
    const version = versionOf(device[field]);
    const key = JSON.stringify([model, version]);
    const row = rows.get(key) ?? { model, version, devices: 0 };
    row.devices += 1;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) =>
      byText(a.model, b.model) ||
      b.devices - a.devices ||
      (a.version === null ? 1 : b.version === null ? -1 : byText(a.version, b.version)),
  );
}

function oldestOf(list: readonly EquipmentDevice[], now: number): OldestDevice | null {
  let oldest: EquipmentDevice | null = null;
  for (const device of list) {
    if (device.installedAt === null) continue;
    if (
      !oldest ||
      device.installedAt < oldest.installedAt! ||
      (device.installedAt === oldest.installedAt && device.id < oldest.id)
    )
      oldest = device;
  }
  if (!oldest || oldest.installedAt === null) return null;
  return {
    deviceId: oldest.id,
    name: oldest.name,
    model: oldest.model,
    nid: oldest.nid,
    networkName: oldest.networkName,
    installedAt: oldest.installedAt,
    years: completedYears(oldest.installedAt, now),
  };
}

function emergencyFigures(fittings: readonly EquipmentFitting[]): EquipmentFigures['emergency'] {
  const count = <T>(pick: (fitting: EquipmentFitting) => T, value: T) =>
    fittings.filter((fitting) => pick(fitting) === value).length;
  return {
    fittings: fittings.length,
    battery: BATTERY_STATES.map((state) => ({ state, fittings: count((f) => f.battery, state) })),
    lastTest: LAST_TEST_GRADES.map((grade) => ({
      grade,
      function: count((f) => f.lastFunction ?? 'never', grade),
      duration: count((f) => f.lastDuration ?? 'never', grade),
    })),
  };
}

/**
 * The figures of a set of installed devices on `now`: totals (online, offline, faulty), planned devices,
 * counts by kind, by model, by firmware and hardware version per model, age buckets with the device
 * installed earliest, and the emergency fittings by battery state and by the grade of their last tests.
 */
export function summariseEquipment(
  input: { devices: readonly EquipmentDevice[]; fittings: readonly EquipmentFitting[]; planned: number },
  now: number,
): EquipmentFigures {
  const list = input.devices;
  const online = list.filter((device) => device.online).length;
  return {
    devices: list.length,
    online,
    offline: list.length - online,
    faulty: list.filter((device) => device.faulty).length,
    planned: input.planned,
    byKind: kindRows(list),
    byModel: modelRows(list),
    byFirmware: versionRows(list, 'firmwareVersion'),
    byHardware: versionRows(list, 'hardwareVersion'),
    age: {
      buckets: AGE_BUCKETS.map((bucket) => ({
        bucket,
        devices: list.filter((device) => ageBucketOf(device.installedAt, now) === bucket).length,
      })),
      oldest: oldestOf(list, now),
    },
    emergency: emergencyFigures(input.fittings),
  };
}
