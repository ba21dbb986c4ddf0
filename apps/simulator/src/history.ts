import { type DeviceReading, isLightElement } from '@lightwell/domain';
import type { SimDevice } from './devices.ts';
import { DeviceMeter, occupancyChance } from './energy-model.ts';

/*
 * The readings of a past span, simulated on an accelerated clock with the live energy model
 * (`occupancyChance`, `daylight`, `DeviceMeter`), so a demo starts with a week of plausible energy. The
 * simulator knows no zones: a device's space follows from its mesh address (eight addresses a room).
 */

/** History readings reports come every 15 minutes, on the quarter hour. */
export const HISTORY_INTERVAL_MS = 15 * 60_000;
/** The clock steps 5 minutes at a time (daylight dimming changes within an interval). */
const STEP_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;

/** A driver's counter where the history must end: the first reading the console has, or the counter now. */
export interface CounterAnchor {
  raw: number;
  serial: string;
}

/** What the history replays: devices, the span, and the counters it ends at. */
export interface HistoryInput {
  devices: Iterable<SimDevice>;
  /**
   * Span in ms: a report at `from` (the counters then) and on every quarter hour after it and before `to`;
   * the counters reach `anchors` at `to`, where the next readings (live, or a later history) are.
   */
  from: number;
  to: number;
  /** Each luminaire's counter at `to` (by MAC); a device without one ends where its fresh driver does. */
  anchors: Map<string, CounterAnchor>;
  /** Mean time between motion triggers while a space is occupied (default 2 minutes). */
  sensorMeanMs?: number | undefined;
  random?: () => number;
}

/** One readings report of the history (`at` in epoch seconds). */
export interface HistoryReadings {
  at: number;
  devices: DeviceReading[];
}

/** The simulated history, and each luminaire's counter at its start (where an earlier history would end). */
export interface History {
  reports: HistoryReadings[];
  startAnchors: Map<string, CounterAnchor>;
}

/** How a luminaire is used, by its mesh address: corridors stay dimmed at night; some rooms are left lit. */
export type HistoryRole = 'room' | 'corridor' | 'leftOn';

/** The role of the luminaire at `address`: every eighth a corridor, every sixth from 4 sometimes left on. */
export function historyRole(address: number): HistoryRole {
  if (address % 8 === 7) return 'corridor';
  if (address % 6 === 4) return 'leftOn';
  return 'room';
}

/** The room (space shared by luminaires and sensors) of the device at `address`. */
export const historyRoom = (address: number) => Math.floor(address / 8);

/**
 * Light level (0 off) of a luminaire with full level `level` at `at`: on while its room is occupied;
 * a corridor at 30 % otherwise; a `leftOn` light, on a weekday it was forgotten, lit from 08:00 until
 * 08:00 the next morning.
 */
export function historyLevel(role: HistoryRole, level: number, occupied: boolean, forgotten: boolean): number {
  if (occupied) return level;
  if (role === 'corridor') return Math.max(10, Math.round(level * 0.3));
  if (role === 'leftOn' && forgotten) return level;
  return 0;
}

/** Whether a `leftOn` light was forgotten on the working day `at` belongs to (its day starts at 08:00). */
function forgottenOn(at: Date, draws: Map<string, boolean>, random: () => number): boolean {
  const day = new Date(at.getTime() - 8 * HOUR_MS);
  if (day.getDay() === 0 || day.getDay() === 6) return false;
  const key = `${day.getFullYear()}-${day.getMonth()}-${day.getDate()}`;
  let forgotten = draws.get(key);
  if (forgotten === undefined) {
    forgotten = random() < 0.4;
    draws.set(key, forgotten);
  }
  return forgotten;
}

const firstQuarterAfter = (ms: number) =>
  Math.floor(ms / HISTORY_INTERVAL_MS) * HISTORY_INTERVAL_MS + HISTORY_INTERVAL_MS;

/**
 * Simulates `from`..`to` for every online device on scratch meters, then shifts each luminaire's counter
 * so that it reaches its anchor at `to`: the live counter continues where the history ends.
 */
export function simulateHistory(input: HistoryInput): History {
  const random = input.random ?? Math.random;
  const sensorMeanMs = input.sensorMeanMs ?? 120_000;
  const devices = [...input.devices].filter((device) => device.presence === 'online');
  const meters = new Map(devices.map((device) => [device.mac, new DeviceMeter(device)]));
  const startRaw = new Map([...meters].map(([mac, meter]) => [mac, meter.raw]));
  const forgotten = new Map<string, Map<string, boolean>>();
  // The first report holds the counters at `from`: the console takes a segment's first reading as its
  // baseline, so the first interval counts too.
  const reports: HistoryReadings[] = [{ at: Math.floor(input.from / 1000), devices: takeAll(devices, meters) }];
  let intervalStart = input.from;
  let end = Math.min(firstQuarterAfter(input.from), input.to);
  while (intervalStart < input.to) {
    const occupied = new Map<number, boolean>();
    const middle = new Date((intervalStart + end) / 2);
    for (const device of devices) {
      const room = historyRoom(device.spec.address);
      if (!occupied.has(room)) occupied.set(room, random() < occupancyChance(middle));
    }
    for (let at = intervalStart; at < end; at += STEP_MS) {
      const stepEnd = Math.min(at + STEP_MS, end);
      for (const device of devices) {
        const meter = meters.get(device.mac)!;
        const light = device.elements.find((element) => isLightElement(element.type));
        const inUse = occupied.get(historyRoom(device.spec.address))!;
        if (light) {
          const role = historyRole(device.spec.address);
          const draws = forgotten.get(device.mac) ?? new Map<string, boolean>();
          forgotten.set(device.mac, draws);
          const isForgotten = role === 'leftOn' && forgottenOn(new Date(stepEnd), draws, random);
          meter.accrueLight(
            (stepEnd - at) / 1000,
            new Date(stepEnd),
            historyLevel(role, light.lastLevel || 80, inUse, isForgotten),
          );
        }
        if (device.spec.kind === 'motionSensor' && inUse)
          countMotion(meter, (stepEnd - at) / 1000, sensorMeanMs, random);
      }
    }
    if (end < input.to) {
      reports.push({ at: Math.floor(end / 1000), devices: takeAll(devices, meters) });
    }
    intervalStart = end;
    end = Math.min(end + HISTORY_INTERVAL_MS, input.to);
  }
  return anchorCounters(reports, meters, startRaw, input.anchors);
}

/** Every device's readings of the interval (triggers included: a history has no trigger calls). */
function takeAll(devices: SimDevice[], meters: Map<string, DeviceMeter>): DeviceReading[] {
  return devices.map((device) => meters.get(device.mac)!.take()).filter((reading) => reading !== null);
}

/** A sensor in an occupied space: most of the step occupied, triggers at its mean rate. */
function countMotion(meter: DeviceMeter, seconds: number, sensorMeanMs: number, random: () => number): void {
  meter.countOccupied(Math.round(seconds * (0.5 + 0.5 * random())));
  const expected = (seconds * 1000) / sensorMeanMs;
  meter.countTriggers(Math.floor(expected) + (random() < expected % 1 ? 1 : 0));
}

/** Shifts each luminaire's counter (and serial) so that it ends at its anchor, never below 0. */
function anchorCounters(
  reports: HistoryReadings[],
  meters: Map<string, DeviceMeter>,
  startRaw: Map<string, number>,
  anchors: Map<string, CounterAnchor>,
): History {
  const shift = new Map<string, { offset: number; serial: string }>();
  const startAnchors = new Map<string, CounterAnchor>();
  for (const [mac, meter] of meters) {
    const anchor = anchors.get(mac);
    const first = startRaw.get(mac)!;
    const offset = anchor ? Math.max(anchor.raw - meter.raw, -first) : 0;
    const serial = anchor?.serial ?? meter.serial;
    shift.set(mac, { offset, serial });
    startAnchors.set(mac, { raw: first + offset, serial });
  }
  for (const report of reports) {
    for (const reading of report.devices) {
      const { offset, serial } = shift.get(reading.mac)!;
      for (const element of reading.elements) {
        if (element.energy) element.energy = { ...element.energy, raw: element.energy.raw + offset, serial };
      }
    }
  }
  return { reports, startAnchors };
}
