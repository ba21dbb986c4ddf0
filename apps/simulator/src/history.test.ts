import type { DeviceReading } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { SimDevice, SimDeviceSpecSchema } from './devices.ts';
import { HISTORY_INTERVAL_MS, type HistoryReadings, historyRole, simulateHistory } from './history.ts';

/** A seeded generator, so the week is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const device = (address: number, kind: 'd4i' | 'dt6' | 'motionSensor') =>
  new SimDevice(
    SimDeviceSpecSchema.parse({
      mac: `F00000${address.toString(16).padStart(6, '0')}`.toUpperCase(),
      address,
      kind,
      model: kind,
      ratedPower: kind === 'motionSensor' ? 2 : 40,
    }),
  );

// Two rooms: D4i luminaires 2-6 and a sensor in one, a corridor light (7) and a sometimes forgotten light
// (4, 10). Their drivers' counters show the patterns.
const devices = [2, 3, 4, 5, 6, 7, 9, 10, 11]
  .map((address) => device(address, 'd4i'))
  .concat(device(8, 'motionSensor'));
const from = new Date(2026, 10, 16, 0, 0).getTime(); // a Monday, local time
const to = from + 7 * 86_400_000;
const anchors = new Map(devices.map((d) => [d.mac, { raw: 50_000_000, serial: `DRV-${d.mac.slice(-6)}-1` }]));
const history = simulateHistory({ devices, from, to, anchors, random: seeded(7) });

const energyOf = (reading: DeviceReading) => reading.elements.find((element) => element.energy)?.energy;

/** Wh per report and device: the counter delta to the report before. */
function deltas(reports: HistoryReadings[]): { at: Date; mac: string; wh: number; triggers: number }[] {
  const last = new Map<string, number>();
  const rows: { at: Date; mac: string; wh: number; triggers: number }[] = [];
  for (const report of reports) {
    for (const reading of report.devices) {
      const energy = energyOf(reading);
      const triggers = reading.elements.reduce((sum, element) => sum + (element.triggers ?? 0), 0);
      const previous = last.get(reading.mac);
      const wh = energy && previous !== undefined ? (energy.raw - previous) / 10 : 0;
      if (energy) last.set(reading.mac, energy.raw);
      rows.push({ at: new Date(report.at * 1000), mac: reading.mac, wh, triggers });
    }
  }
  return rows;
}

const rows = deltas(history.reports);
const sum = (list: { wh: number }[]) => list.reduce((total, row) => total + row.wh, 0);
const isWeekend = (at: Date) => at.getDay() === 0 || at.getDay() === 6;
const hourOf = (at: Date) => at.getHours() + at.getMinutes() / 60;

describe('simulateHistory', () => {
  it('reports every 15 minutes, starting with the counters at the start', () => {
    expect(history.reports).toHaveLength((7 * 86_400_000) / HISTORY_INTERVAL_MS);
    expect(history.reports[0]!.at).toBe(from / 1000);
    for (let i = 1; i < history.reports.length; i++) {
      expect(history.reports[i]!.at - history.reports[i - 1]!.at).toBe(HISTORY_INTERVAL_MS / 1000);
    }
    expect(history.reports.at(-1)!.at).toBe((to - HISTORY_INTERVAL_MS) / 1000);
    expect(history.reports[0]!.devices).toHaveLength(devices.length);
  });

  it('keeps counters continuous and ends them at the anchors, where the live counter goes on', () => {
    expect(rows.every((row) => row.wh >= 0)).toBe(true);
    const last = history.reports.at(-1)!;
    for (const reading of last.devices) {
      const energy = energyOf(reading);
      if (!energy) continue;
      const rest = anchors.get(reading.mac)!.raw - energy.raw;
      // The last quarter hour is in the next (live) reading: at most 40 W for 15 minutes, in 0.1 Wh.
      expect(rest).toBeGreaterThanOrEqual(0);
      expect(rest).toBeLessThanOrEqual(40 * 0.25 * 10);
      expect(energy.serial).toBe(anchors.get(reading.mac)!.serial);
    }
    // An earlier history ends where this one starts.
    for (const reading of history.reports[0]!.devices) {
      const energy = energyOf(reading);
      if (energy) expect(history.startAnchors.get(reading.mac)!.raw).toBe(energy.raw);
    }
  });

  it('uses much more energy on weekdays than at weekends', () => {
    const weekday = sum(rows.filter((row) => !isWeekend(row.at))) / 5;
    const weekend = sum(rows.filter((row) => isWeekend(row.at))) / 2;
    expect(weekday).toBeGreaterThan(3 * weekend);
    expect(weekend).toBeGreaterThan(0);
  });

  it('lights offices by day; at night only corridors and forgotten lights are on', () => {
    const weekdays = rows.filter((row) => !isWeekend(row.at));
    const day = sum(weekdays.filter((row) => hourOf(row.at) > 9 && hourOf(row.at) <= 12));
    const night = sum(weekdays.filter((row) => hourOf(row.at) > 1 && hourOf(row.at) <= 4));
    expect(day).toBeGreaterThan(4 * night);
    const corridor = devices.find((d) => historyRole(d.spec.address) === 'corridor')!;
    const corridorNight = sum(
      weekdays.filter((row) => row.mac === corridor.mac && hourOf(row.at) > 1 && hourOf(row.at) <= 4),
    );
    expect(corridorNight).toBeGreaterThan(0);
    const rooms = devices.filter((d) => historyRole(d.spec.address) === 'room');
    const roomNight = sum(
      weekdays.filter((row) => rooms.some((d) => d.mac === row.mac) && hourOf(row.at) > 1 && hourOf(row.at) <= 4),
    );
    expect(roomNight).toBeLessThan(corridorNight);
    const forgotten = devices.filter((d) => historyRole(d.spec.address) === 'leftOn');
    const forgottenNight = sum(
      weekdays.filter((row) => forgotten.some((d) => d.mac === row.mac) && hourOf(row.at) > 20),
    );
    expect(forgottenNight).toBeGreaterThan(0);
  });

  it('triggers motion sensors with occupancy', () => {
    const sensor = rows.filter((row) => row.mac === devices.at(-1)!.mac && !isWeekend(row.at));
    const working = sensor.filter((row) => hourOf(row.at) > 9 && hourOf(row.at) <= 12);
    const night = sensor.filter((row) => hourOf(row.at) > 0 && hourOf(row.at) <= 5);
    const perReport = (list: { triggers: number }[]) =>
      list.reduce((total, row) => total + row.triggers, 0) / list.length;
    expect(perReport(working)).toBeGreaterThan(5 * perReport(night));
    expect(perReport(working)).toBeGreaterThan(1);
  });
});

describe('a history of luminaires without D4i drivers', () => {
  // A plain downlight (dt6) and a colour-tuning panel (dt8) beside a D4i batten in one room, none near a
  // window (every third address), so each runs at its level, 80 %.
  const mixed = [device(2, 'd4i'), device(4, 'dt6'), new SimDevice({ ...device(5, 'dt6').spec, kind: 'dt8' })];
  const mixedHistory = simulateHistory({
    devices: mixed,
    from,
    to: from + 86_400_000,
    anchors: new Map(),
    random: seeded(3),
  });

  it('gives counters, power and banks to the D4i driver only; every luminaire reports on-time and level', () => {
    const readings = mixedHistory.reports.flatMap((report) => report.devices);
    const [d4i, dt6, dt8] = mixed.map((d) => readings.filter((reading) => reading.mac === d.mac));
    expect(d4i!.every((reading) => reading.elements[0]!.energy?.source === 'd4i')).toBe(true);
    expect(d4i!.every((reading) => reading.elements[0]!.d4i !== undefined)).toBe(true);
    for (const plain of [dt6!, dt8!]) {
      expect(plain.length).toBe(mixedHistory.reports.length);
      expect(plain.some((reading) => reading.elements.some((e) => e.energy || e.power || e.d4i))).toBe(false);
      const lit = plain.filter((reading) => (reading.elements[0]!.onSeconds ?? 0) > 0);
      expect(lit.length).toBeGreaterThan(0);
      expect(lit.every((reading) => reading.elements[0]!.meanLightness === 80)).toBe(true);
      // No level where the light was off all interval.
      const dark = plain.filter((reading) => reading.elements[0]!.onSeconds === 0);
      expect(dark.every((reading) => reading.elements[0]!.meanLightness === undefined)).toBe(true);
    }
  });
});
