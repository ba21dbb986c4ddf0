import {
  absentKind,
  type DeviceReading,
  type ElementReading,
  type EnergyCounter,
  type PowerReading,
  RAW_WIDTH,
  ratedSecondsAt,
  scaleD4iBank,
  scaledToDecimal,
} from '@lightwell/domain';

/** One raw reading row as written to `telemetry_readings` (absent values null, with their status). */
export interface ReadingRow {
  gatewayId: number;
  seq: number;
  deviceId: number;
  element: number;
  at: Date;
  energyRaw: number | null;
  energyScale: number | null;
  energySerial: string | null;
  energySource: string | null;
  energyStatus: 'absent' | 'unavailable' | typeof NOT_D4I | null;
  powerW: string | null;
  powerStatus: 'absent' | 'unavailable' | typeof NOT_D4I | null;
  onSeconds: number | null;
  /** The level the element reported while on, time-weighted over the interval (0-100). */
  meanLightness: number | null;
  /** On-time at rated power the estimate counts (`ratedSecondsAt`): the on-time at the reported level. */
  ratedSeconds: number | null;
  triggers: number | null;
  occupiedSeconds: number | null;
  d4i: Record<string, number> | null;
  /** The counter delta to the previous reading, set before the row is written (deltas.ts). */
  deltaWh: string | null;
  deltaStatus: string | null;
  /** The previous reading's time when the counted delta spans a gap and is spread over its hours (deltas.ts). */
  spreadFrom: Date | null;
}

/**
 * Status of a counter (and of the active power with it) declared `d4i` by an element the console does not
 * know as D4i: kept as no reading, never counted as D4i energy (docs/decisions.md, "Declared sources").
 */
const NOT_D4I = 'notD4i' as const;

/** What storing a device's readings needs of its elements: which are D4i, which dim linearly (by index). */
export interface KnownElements {
  d4i: ReadonlySet<number>;
  linear: ReadonlySet<number>;
}

/** A device the console knows: its id and its elements. */
export interface ReadingDevice {
  id: number;
  elements: KnownElements;
}

function energyColumns(energy: EnergyCounter | undefined, isD4i: boolean) {
  if (!energy) {
    return { energyRaw: null, energyScale: null, energySerial: null, energySource: null, energyStatus: null };
  }
  if (energy.source === 'd4i' && !isD4i) {
    return {
      energyRaw: null,
      energyScale: energy.scale,
      energySerial: energy.serial,
      energySource: energy.source,
      energyStatus: NOT_D4I,
    };
  }
  const status = absentKind(energy.raw, RAW_WIDTH[energy.source]);
  return {
    energyRaw: status ? null : energy.raw,
    energyScale: energy.scale,
    energySerial: energy.serial,
    energySource: energy.source,
    energyStatus: status,
  };
}

function powerColumns(power: PowerReading | undefined, refused: boolean) {
  if (!power) return { powerW: null, powerStatus: null };
  if (refused) return { powerW: null, powerStatus: NOT_D4I };
  const status = absentKind(power.raw, RAW_WIDTH.power);
  return { powerW: status ? null : scaledToDecimal(BigInt(power.raw), power.scale), powerStatus: status };
}

/** The D4i bank in physical units (Part 253 scaling), with the raw operating time and power value. */
function d4iColumn(reading: ElementReading): Record<string, number> | null {
  if (!reading.d4i) return null;
  return {
    ...scaleD4iBank(reading.d4i),
    activePowerValue: reading.d4i.activePowerValue,
    gearOperatingTime: reading.d4i.gearOperatingTime,
  };
}

/** The on-time of a reading and what it is worth at rated power by the level reported with it. */
function levelColumns(reading: ElementReading, isLinear: boolean) {
  const onSeconds = reading.onSeconds ?? null;
  const meanLightness = onSeconds === null ? null : (reading.meanLightness ?? null);
  return {
    onSeconds,
    meanLightness,
    ratedSeconds: onSeconds === null ? null : ratedSecondsAt(onSeconds, meanLightness, isLinear),
  };
}

/**
 * Rows of one readings report, for the devices the console knows (`devicesByMac`). A counter declared `d4i`
 * by an element that is not D4i (by the console's record of it: `device_elements.is_d4i`, from the product's
 * layout or the inventory's D4i bank) is kept as no reading with the status `notD4i`, and the active power
 * with it: it is neither D4i nor metered energy, and the luminaire is estimated like any other without a
 * counter. Such an element's D4i bank is not kept either. The rest of the reading (on-time, level,
 * triggers) is stored as usual.
 */
export function readingRows(
  gatewayId: number,
  seq: number,
  at: Date,
  devices: DeviceReading[],
  devicesByMac: Map<string, ReadingDevice>,
): ReadingRow[] {
  const rows: ReadingRow[] = [];
  const seen = new Set<string>();
  for (const device of devices) {
    const known = devicesByMac.get(device.mac);
    if (known === undefined) continue;
    const deviceId = known.id;
    for (const reading of device.elements) {
      // One row per element and report: a repeated element (or device) in one report keeps its first reading.
      const key = `${deviceId}:${reading.index}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const isD4i = known.elements.d4i.has(reading.index);
      const refused = reading.energy?.source === 'd4i' && !isD4i;
      const energy = energyColumns(reading.energy, isD4i);
      const power = powerColumns(reading.power, refused);
      const level = levelColumns(reading, known.elements.linear.has(reading.index));
      // Every field named (no spreads): one object of one shape per reading, at tens of thousands a second.
      rows.push({
        gatewayId,
        seq,
        deviceId,
        element: reading.index,
        at,
        energyRaw: energy.energyRaw,
        energyScale: energy.energyScale,
        energySerial: energy.energySerial,
        energySource: energy.energySource,
        energyStatus: energy.energyStatus,
        powerW: power.powerW,
        powerStatus: power.powerStatus,
        onSeconds: level.onSeconds,
        meanLightness: level.meanLightness,
        ratedSeconds: level.ratedSeconds,
        triggers: reading.triggers ?? null,
        occupiedSeconds: reading.occupiedSeconds ?? null,
        d4i: isD4i ? d4iColumn(reading) : null,
        deltaWh: null,
        deltaStatus: null,
        spreadFrom: null,
      });
    }
  }
  return rows;
}
