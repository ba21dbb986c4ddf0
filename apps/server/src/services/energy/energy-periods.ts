import type { Period } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { NetworkRow } from '../../policies/access.ts';
import { rollupsInZone } from '../../telemetry/index.ts';
import { type CostHour, loadCostHours, loadDeviceDays, type SplitPeriod, splitPeriod } from './energy-days.ts';
import { type EnergySettings, hasBands } from './energy-figures.ts';
import { type DeviceHour, type EstimateDefaults, loadDeviceHours } from './energy-hours.ts';

/*
 * Which rollups a period is read from: hours up to 15 days, whole local days and edge hours beyond
 * (docs/decisions.md, "How the screens count").
 */

/** Estimate defaults of networks: rated W of a luminaire without one (null: not estimated) and standby W. */
export function estimateDefaultsOf(rows: readonly NetworkRow[]) {
  return new Map(rows.map((row) => [row.id, { ratedW: row.estimateRatedW, standbyW: row.estimateStandbyW }]));
}

/** Periods longer than this are read by whole local days (daily rollups) and edge hours. */
const LONG_PERIOD_SECONDS = 15 * 24 * 3600;

/**
 * Device-days of networks' long periods, and for networks whose tariff has time-of-use bands their
 * hourly energy for pricing, each summed in SQL (one query for all networks, one for the banded ones).
 */
export async function loadLongPeriods(
  db: Db,
  splits: readonly SplitPeriod[],
  defaults: EstimateDefaults,
  banded: ReadonlySet<number>,
  deviceIds?: readonly number[],
): Promise<{ hours: DeviceHour[]; costHours: Map<number, CostHour[]> }> {
  const hours = await loadDeviceDays(db, splits, defaults, deviceIds);
  const pricedByHour = splits.filter((split) => banded.has(split.nid));
  if (pricedByHour.length === 0) return { hours, costHours: new Map() };
  const sources = new Map(hours.map((row) => [row.deviceId, row.source]));
  const nidOf = new Map<number, number>();
  const devices = await rowsOf<{ id: number; nid: number }>(
    db,
    sql`SELECT id, nid FROM devices WHERE nid = ANY(${sql.param(pricedByHour.map((split) => split.nid))}::int[])`,
  );
  for (const device of devices) nidOf.set(device.id, device.nid);
  return { hours, costHours: await loadCostHours(db, pricedByHour, sources, nidOf, defaults) };
}

/**
 * Whether every month of `split` has one price per kWh and one CO2 factor set all month: a tariff version
 * or a choice of set that starts or ends within a month (not on its first day) prices or converts its days
 * differently, and a month row is priced and converted at its start. A tariff with time-of-use bands is
 * priced by the hour (`loadCostHours`) whatever rows the energy comes from.
 */
function monthsPriceAlike(settings: EnergySettings, split: SplitPeriod): boolean {
  const outside = (day: string | null) =>
    day === null || day.endsWith('-01') || day < split.fromMonth || day >= split.toMonth;
  if (!settings.factorSetDates.every(outside)) return false;
  if (hasBands(settings.tariff)) return true;
  return settings.tariff.versions.flatMap((version) => [version.validFrom, version.validTo]).every(outside);
}

/**
 * The device-hours of one network's period: by the hour up to 15 days, beyond that by whole local days
 * with the edge hours (`loadLongPeriods`); with the hourly energy to price when its tariff has bands (and
 * `priced`). With `byMonth` (a read that needs no day-by-day detail: the figures of a period, not its
 * chart), whole months come as a row per device and month where the monthly rollups have them and each
 * month has one price. With `deviceIds`, of those devices only (a report reads a large network in batches).
 */
export async function loadPeriodHours(
  db: Db,
  network: NetworkRow,
  period: Period,
  settings: EnergySettings,
  priced = true,
  byMonth = false,
  deviceIds?: readonly number[],
): Promise<{ hours: DeviceHour[]; costHours?: CostHour[] }> {
  const defaults = estimateDefaultsOf([network]);
  if (period.end - period.start <= LONG_PERIOD_SECONDS) {
    return { hours: await loadDeviceHours(db, [network.id], period.start, period.end, defaults, deviceIds) };
  }
  const banded = priced && hasBands(settings.tariff) ? new Set([network.id]) : new Set<number>();
  const inZone = rollupsInZone(network);
  let split = splitPeriod(network.id, period, network.timeZone, byMonth, inZone);
  if (!monthsPriceAlike(settings, split)) split = splitPeriod(network.id, period, network.timeZone, false, inZone);
  const { hours, costHours } = await loadLongPeriods(db, [split], defaults, banded, deviceIds);
  return { hours, costHours: costHours.get(network.id) };
}
