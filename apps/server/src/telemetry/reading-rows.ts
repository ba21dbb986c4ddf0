import {
  absentKind,
  type DeviceReading,
  type ElementReading,
  type EnergyCounter,
  type PowerReading,
  RAW_WIDTH,
  scaleD4iBank,
} from '@lightwell/domain';
import { scaledDecimal } from './energy-delta.ts';

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
  energyStatus: 'absent' | 'unavailable' | null;
  powerW: string | null;
  powerStatus: 'absent' | 'unavailable' | null;
  onSeconds: number | null;
  triggers: number | null;
  occupiedSeconds: number | null;
  d4i: Record<string, number> | null;
  /** The counter delta to the previous reading, set before the row is written (deltas.ts). */
  deltaWh: string | null;
  deltaStatus: string | null;
  /** The previous reading's time when the counted delta spans a gap and is spread over its hours (deltas.ts). */
  spreadFrom: Date | null;
}

function energyColumns(energy: EnergyCounter | undefined) {
  if (!energy) {
    return { energyRaw: null, energyScale: null, energySerial: null, energySource: null, energyStatus: null };
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

function powerColumns(power: PowerReading | undefined) {
  if (!power) return { powerW: null, powerStatus: null };
  const status = absentKind(power.raw, RAW_WIDTH.power);
  return { powerW: status ? null : scaledDecimal(power.raw, power.scale), powerStatus: status };
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

/** Rows of one readings report, for the devices the console knows (`deviceIdByMac`). */
export function readingRows(
  gatewayId: number,
  seq: number,
  at: Date,
  devices: DeviceReading[],
  deviceIdByMac: Map<string, number>,
): ReadingRow[] {
  const rows: ReadingRow[] = [];
  const seen = new Set<string>();
  for (const device of devices) {
    const deviceId = deviceIdByMac.get(device.mac);
    if (deviceId === undefined) continue;
    for (const reading of device.elements) {
      // One row per element and report: a repeated element (or device) in one report keeps its first reading.
      const key = `${deviceId}:${reading.index}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({
        gatewayId,
        seq,
        deviceId,
        element: reading.index,
        at,
        ...energyColumns(reading.energy),
        ...powerColumns(reading.power),
        onSeconds: reading.onSeconds ?? null,
        triggers: reading.triggers ?? null,
        occupiedSeconds: reading.occupiedSeconds ?? null,
        d4i: d4iColumn(reading),
        deltaWh: null,
        deltaStatus: null,
        spreadFrom: null,
      });
    }
  }
  return rows;
}
