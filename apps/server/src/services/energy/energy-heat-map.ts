import { apportion, type HeatMap, type HeatRow, type Period, startOfLocalDay } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { isLuminaireKind, isSensorKind, rollupsInZone } from '../../telemetry/index.ts';
import { deviceCellRows } from './energy-cells.ts';
import { splitPeriod } from './energy-days.ts';
import { noSource, toMWh } from './energy-figures.ts';
import { frameIndex, framesOf } from './energy-frames.ts';
import { type CellGrid, loadCellGrids, loadFrameGrids } from './energy-grids.ts';
import { type EnergyDevice, loadEnergyDevices } from './energy-hours.ts';
import { type EnergyNetwork, round3 } from './energy-settings.ts';

/**
 * A device's hour-of-week cells (Wh) as whole mWh that add up to its `total` (whole mWh): shared out by
 * largest remainder (`apportion`); a negative cell (a counter's correction) leaves the rest to the largest.
 */
function cellsInMWh(cells: readonly number[], total: number): number[] {
  if (cells.every((wh) => wh >= 0)) return apportion(total, cells);
  const parts = cells.map((wh) => toMWh(wh));
  const largest = parts.indexOf(Math.max(...parts));
  parts[largest] = parts[largest]! + total - parts.reduce((sum, mWh) => sum + mWh, 0);
  return parts;
}

/** What a heat map counts: sensor triggers, or energy in Wh. */
export type HeatMetric = 'triggers' | 'energy';

function emptyRow(id: number, name: string, zoneId: number | null): HeatRow {
  return {
    id,
    name,
    zoneId,
    total: 0,
    cells: new Array(168).fill(0),
    bySource: noSource(),
    litUnoccupied: 0,
    litUnoccupiedCells: new Array(168).fill(0),
  };
}

/** The row of a heat map each device counts in (undefined: none). */
type RowOf = (deviceId: number) => number | undefined;

/**
 * A heat map of network `network` over `period`: per zone (`by` 'zone') or per device, the hour-of-week
 * cells of triggers or Wh, frames for the time slider, and the energy used while lights were on and no
 * sensor of the zone saw anybody (an hour with on-time but no occupancy and no trigger in the zone). The
 * cells are summed in SQL per device and hour of the week, the frames read like the overview's (hours up to
 * 15 days, whole local days beyond), so no period loads its device-hours into the server.
 */
export async function buildHeatMap(
  db: Db,
  network: EnergyNetwork,
  period: Period,
  metric: HeatMetric,
  by: 'zone' | 'device',
  zid?: number,
): Promise<HeatMap> {
  const timeZone = network.timeZone;
  const devices = await loadEnergyDevices(db, [network.id]);
  const defaults = { ratedW: network.estimateRatedW, standbyW: network.estimateStandbyW };
  // Summed months only where the network's rollups are in its zone (telemetry/rezone.ts).
  const inZone = rollupsInZone(network);
  const cellRows = await deviceCellRows(db, network.id, timeZone, period, devices, inZone);
  const grids = cellRows ? await loadCellGrids(db, cellRows, defaults) : [];
  const zones = await rowsOf<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM zones WHERE nid = ${network.id} ORDER BY id`,
  );
  const counted = (device: EnergyDevice) => (metric === 'triggers' ? isSensorKind(device) : isLuminaireKind(device));
  const rows: HeatRow[] =
    by === 'zone'
      ? zones.map((zone) => emptyRow(zone.id, zone.name, zone.id))
      : devices
          .filter((device) => counted(device) && (zid === undefined || device.zoneId === zid))
          .map((device) => emptyRow(device.id, device.name, device.zoneId));
  const deviceOf = new Map(devices.map((device) => [device.id, device]));
  const rowIndex = new Map(rows.map((row, index) => [row.id, index]));
  const indexOf: RowOf = (deviceId) => {
    const device = deviceOf.get(deviceId);
    if (!device || !counted(device)) return undefined;
    const key = by === 'zone' ? device.zoneId : device.id;
    return key === null ? undefined : rowIndex.get(key);
  };
  fillCells(rows, indexOf, grids, metric);
  const frames = framesOf(period, timeZone);
  const frameValues = frames.starts.map(() => new Array<number>(rows.length).fill(0));
  // The frames read as the overview reads the period (hours up to 15 days, whole local days beyond).
  const split = frames.unit === 'day' ? splitPeriod(network.id, period, timeZone, false, inZone) : null;
  // A frame's start by the day or hour it was read at, found once per key.
  const startOf = new Map<string, number>();
  for (const grid of await loadFrameGrids(db, network.id, period, split, defaults)) {
    const index = indexOf(grid.deviceId);
    if (index === undefined) continue;
    for (const { key, wh, triggers } of grid.frames) {
      let at = startOf.get(key);
      if (at === undefined) {
        at = key.includes('-') ? startOfLocalDay(localDateOfKey(key), timeZone) : Number(key);
        startOf.set(key, at);
      }
      frameValues[frameIndex(frames.starts, at)]![index]! += metric === 'triggers' ? triggers : wh;
    }
  }
  for (const row of rows) {
    row.total = round3(row.total);
    row.litUnoccupied = round3(row.litUnoccupied);
    row.cells = row.cells.map(round3);
    row.litUnoccupiedCells = row.litUnoccupiedCells.map(round3);
  }
  return {
    period: { ...period, timeZone },
    metric,
    unit: metric === 'triggers' ? 'count' : 'Wh',
    rows,
    frames: frames.starts.map((start, index) => ({ start, values: frameValues[index]!.map(round3) })),
    frameUnit: frames.unit,
  };
}

/** A local date `YYYY-MM-DD` as the domain's date. */
function localDateOfKey(key: string) {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** Adds each device's hour-of-week cells to its row: triggers, or Wh (kept in mWh until the end). */
function fillCells(rows: HeatRow[], indexOf: RowOf, grids: readonly CellGrid[], metric: HeatMetric): void {
  // Energy: each device's cells, unrounded, then its total rounded once to the mWh (as the overview rounds
  // it, `sumBySource`) and shared out over its cells by largest remainder, so cells, rows and the overview
  // add up to the mWh. A row's energy by source adds its devices' totals (one source each, mWh).
  const bySource = new Map<number, { meter: number; d4i: number; estimate: number }>();
  for (const grid of grids) {
    const index = indexOf(grid.deviceId);
    if (index === undefined) continue;
    const row = rows[index]!;
    const cells = new Array<number>(168).fill(0);
    let wh = 0;
    for (const entry of grid.cells) {
      if (metric === 'triggers') {
        row.cells[entry.cell] = row.cells[entry.cell]! + entry.triggers;
        row.total += entry.triggers;
      } else {
        cells[entry.cell] = cells[entry.cell]! + entry.wh;
        wh += entry.wh;
      }
      if (entry.litUnoccupied) {
        // Energy maps: Wh used while nobody was seen; sensor maps: hours lit while this sensor saw nobody.
        const lit = metric === 'energy' ? entry.wh : entry.hours;
        row.litUnoccupied += lit;
        row.litUnoccupiedCells[entry.cell] = row.litUnoccupiedCells[entry.cell]! + lit;
      }
    }
    if (metric === 'triggers') continue;
    const total = toMWh(wh);
    cellsInMWh(cells, total).forEach((mWh, cell) => {
      row.cells[cell] = row.cells[cell]! + mWh;
    });
    row.total += total;
    const sums = bySource.get(index) ?? noSource();
    sums[grid.source] += total;
    bySource.set(index, sums);
  }
  if (metric === 'energy') {
    for (const row of rows) {
      row.cells = row.cells.map((mWh) => mWh / 1000);
      row.total /= 1000;
    }
  }
  for (const [index, sums] of bySource) {
    rows[index]!.bySource = { meter: sums.meter / 1000, d4i: sums.d4i / 1000, estimate: sums.estimate / 1000 };
  }
}
