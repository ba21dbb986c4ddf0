import type { DeviceReportDay, EnergySource } from '@lightwell/domain';

/** One device's figures on one local day, for the downloads' daily table. */
export interface DeviceDayRow {
  deviceId: number;
  date: string;
  onSeconds: number;
  energyWh: number;
  source: EnergySource | null;
  triggers: number;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** A device-day's state: none (no row), or its source as the downloads name it (none yet, or a source). */
const NO_DAY = 0;
const NO_SOURCE = 1;
const SOURCES: readonly (EnergySource | null)[] = [null, null, 'meter', 'd4i', 'estimate'];
const SOURCE_CODE: Record<EnergySource, number> = { meter: 2, d4i: 3, estimate: 4 };

/** The smallest and largest of each figure of the device-days, and which devices and sources they have. */
export interface DeviceDayExtremes {
  onSeconds: [number, number];
  energyWh: [number, number];
  triggers: [number, number];
  sources: (EnergySource | null)[];
  deviceIds: number[];
  /** The first date listed ('' without device-days): every date is as wide. */
  date: string;
}

/**
 * Each selected device's days, summed from the device-hours (or device-days) of the overview's read, kept
 * as columns of numbers (some 26 bytes a device-day, not an object and its strings: a year of a 1,000-device
 * network is 9.5 MB) laid out date by date, and read back in the downloads' order (by date, then device)
 * a chunk at a time (`chunks`), so the rows written to a file are never all in memory at once.
 */
export class DeviceDays {
  /** The selected devices, in the order each date lists them. */
  private readonly ids: number[];
  private readonly slotOf = new Map<number, number>();
  /** Local dates in the order found (slot rows), and each one's row. */
  private readonly dates: string[] = [];
  private readonly dateRow = new Map<string, number>();
  /** Date rows in date order, once `finish`ed. */
  private order: number[] = [];
  private capacity: number;
  private state: Uint8Array;
  private onSeconds: Float64Array;
  private energyWh: Float64Array;
  private triggers: Float64Array;
  /** Device-days with at least one row. */
  count = 0;

  constructor(deviceIds: readonly number[], expectedDates: number) {
    this.ids = [...deviceIds].sort((a, b) => a - b);
    for (const [slot, id] of this.ids.entries()) this.slotOf.set(id, slot);
    this.capacity = Math.max(1, expectedDates);
    const size = this.capacity * this.ids.length;
    this.state = new Uint8Array(size);
    this.onSeconds = new Float64Array(size);
    this.energyWh = new Float64Array(size);
    this.triggers = new Float64Array(size);
  }

  /** The row of a local date, found (and the columns grown) once per date. */
  dateNumber(date: string): number {
    let row = this.dateRow.get(date);
    if (row === undefined) {
      row = this.dates.length;
      this.dates.push(date);
      this.dateRow.set(date, row);
      if (row >= this.capacity) this.grow(row + 1);
    }
    return row;
  }

  private grow(dates: number): void {
    this.capacity = Math.max(dates, this.capacity * 2);
    const size = this.capacity * this.ids.length;
    const state = new Uint8Array(size);
    state.set(this.state);
    this.state = state;
    for (const name of ['onSeconds', 'energyWh', 'triggers'] as const) {
      const column = new Float64Array(size);
      column.set(this[name]);
      this[name] = column;
    }
  }

  /** Adds a device-hour (or device-day) of a selected device to its day (`dateNumber`); others are left out. */
  add(deviceId: number, date: number, hour: { onSeconds: number; wh: number; triggers: number; source: EnergySource }) {
    const slot = this.slotOf.get(deviceId);
    if (slot === undefined) return;
    const at = date * this.ids.length + slot;
    if (this.state[at] === NO_DAY) {
      this.state[at] = NO_SOURCE;
      this.count += 1;
    }
    this.onSeconds[at]! += hour.onSeconds;
    this.energyWh[at]! += hour.wh;
    this.triggers[at]! += hour.triggers;
    // A counter is the day's source however much it counted; an estimate once it is above 0.
    if (hour.source !== 'estimate' || hour.wh > 0) this.state[at] = SOURCE_CODE[hour.source];
  }

  /** Rounds each day's energy to the mWh and puts the dates in order; call once, after the last `add`. */
  finish(): void {
    for (let at = 0; at < this.energyWh.length; at += 1) this.energyWh[at] = round3(this.energyWh[at]!);
    this.order = this.dates.map((_, row) => row).sort((a, b) => (this.dates[a]! < this.dates[b]! ? -1 : 1));
  }

  /** The device-days in the downloads' order (by date, then device), `size` at a time. */
  *chunks(size: number): Generator<DeviceDayRow[]> {
    let chunk: DeviceDayRow[] = [];
    const width = this.ids.length;
    for (const row of this.order) {
      const date = this.dates[row]!;
      for (let slot = 0, at = row * width; slot < width; slot += 1, at += 1) {
        const state = this.state[at]!;
        if (state === NO_DAY) continue;
        chunk.push({
          deviceId: this.ids[slot]!,
          date,
          onSeconds: this.onSeconds[at]!,
          energyWh: this.energyWh[at]!,
          source: SOURCES[state]!,
          triggers: this.triggers[at]!,
        });
        if (chunk.length === size) {
          yield chunk;
          chunk = [];
        }
      }
    }
    if (chunk.length > 0) yield chunk;
  }

  /** Every device-day in order (a PDF lists at most `PDF_DEVICE_DAYS` of them). */
  list(): DeviceDayRow[] {
    return [...this.chunks(Math.max(1, this.count))].flat();
  }

  /** The smallest and largest figures of the device-days, the sources they name and the devices they list. */
  extremes(): DeviceDayExtremes {
    const range = (): [number, number] => [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    const found = { onSeconds: range(), energyWh: range(), triggers: range() };
    const sources = new Set<number>();
    const devices = new Set<number>();
    const width = this.ids.length;
    for (let at = 0; at < this.dates.length * width; at += 1) {
      const state = this.state[at]!;
      if (state === NO_DAY) continue;
      sources.add(state);
      devices.add(at % width);
      for (const name of ['onSeconds', 'energyWh', 'triggers'] as const) {
        const value = this[name][at]!;
        const pair = found[name];
        if (value < pair[0]) pair[0] = value;
        if (value > pair[1]) pair[1] = value;
      }
    }
    return {
      ...found,
      sources: [...sources].map((state) => SOURCES[state]!),
      deviceIds: [...devices].sort((a, b) => a - b).map((slot) => this.ids[slot]!),
      date: this.count === 0 ? '' : this.dates[this.order.find((row) => this.hasDays(row))!]!,
    };
  }

  private hasDays(row: number): boolean {
    const width = this.ids.length;
    for (let at = row * width; at < (row + 1) * width; at += 1) if (this.state[at] !== NO_DAY) return true;
    return false;
  }

  /** Each date's sums over the devices (each day's energy rounded to the mWh as it is added, in list order). */
  daySums(): DeviceReportDay[] {
    const days: DeviceReportDay[] = [];
    const width = this.ids.length;
    for (const row of this.order) {
      let sum: DeviceReportDay | null = null;
      for (let at = row * width; at < (row + 1) * width; at += 1) {
        if (this.state[at] === NO_DAY) continue;
        sum ??= { date: this.dates[row]!, onSeconds: 0, energyWh: 0, triggers: 0 };
        sum.onSeconds += this.onSeconds[at]!;
        sum.energyWh = round3(sum.energyWh + this.energyWh[at]!);
        sum.triggers += this.triggers[at]!;
      }
      if (sum) days.push(sum);
    }
    return days;
  }
}
