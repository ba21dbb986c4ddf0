import {
  apportion,
  type Co2Set,
  type Currency,
  datedVersionOn,
  type HeatMap,
  type HeatRow,
  localDateOf,
  localMonth,
  type NetworkEnergy,
  type Period,
  type Portfolio,
  periodEndingAt,
  tariffOf,
} from '@lightwell/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { networks as networksTable, networkUsers } from '../../db/schema.ts';
import type { NetworkRow } from '../../policies/access.ts';
import { rollupsInZone } from '../../telemetry/rezone.ts';
import { isLuminaireKind, isSensorKind } from '../../telemetry/week-cells.ts';
import { rowsOf } from '../../telemetry/write-readings.ts';
import { loadFaultyDevices } from '../device-faults.ts';
import { loadVersions, type StoredVersion } from '../energy-base.ts';
import { loadChoices, type StoredChoice } from '../factor-set-choices.ts';
import { loadDeviceCells } from './energy-cells.ts';
import { coverageOf, coverageOfAll, loadDataStarts } from './energy-coverage.ts';
import { splitPeriod } from './energy-days.ts';
import {
  deviceTotalMWh,
  type EnergySettings,
  energyFigures,
  factorSetsByDay,
  frameIndex,
  framesOf,
  hasBands,
  noSource,
  sumBySource,
  toMWh,
} from './energy-figures.ts';
import { type DeviceHour, type EnergyDevice, loadEnergyDevices } from './energy-hours.ts';
import { estimateDefaultsOf, loadLongPeriods, loadPeriodHours } from './energy-periods.ts';

/** A network's row as the energy views need it. */
export type EnergyNetwork = NetworkRow;

/**
 * How a network's energy is priced and converted: its stored tariff versions in its currency (the first
 * version also prices readings from before it, as the best price known for them), each local day's CO2 with
 * the factor set chosen for it (the first choice also before it; without `choices`, the network's set from
 * the beginning), else the published one of the region of that day's currency for that day's year, and its
 * estimate defaults.
 */
export function energySettingsOf(
  network: EnergyNetwork,
  versions: readonly StoredVersion[],
  _at: number,
  choices: readonly StoredChoice[] = [],
): EnergySettings {
  const dated = versions.map((version, index) => ({
    ...version,
    validFrom: index === 0 ? '1970-01-01' : version.validFrom,
  }));
  const opening = [{ validFrom: '1970-01-01', factorSetId: network.factorSetId }];
  return {
    timeZone: network.timeZone,
    tariff: tariffOf(dated, network.currency as Currency),
    factorSetAt: factorSetsByDay(network.timeZone, choices.length > 0 ? choices : opening, (date) =>
      dated.length > 0 ? (datedVersionOn(dated, date) ?? dated[0]!).currency : network.currency,
    ),
    factorSetDates: choices.slice(1).map((choice) => choice.validFrom),
    standbyW: network.estimateStandbyW,
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

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
  const defaults = estimateDefaultsOf([network]);
  // Summed months only where the network's rollups are in its zone (telemetry/rezone.ts).
  const cells = await loadDeviceCells(db, network.id, timeZone, period, devices, defaults, rollupsInZone(network));
  const deviceOf = new Map(devices.map((device) => [device.id, device]));
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
  const rowIndex = new Map(rows.map((row, index) => [row.id, index]));
  const indexOf = (deviceId: number) => {
    const device = deviceOf.get(deviceId);
    if (!device || !counted(device)) return undefined;
    const key = by === 'zone' ? device.zoneId : device.id;
    return key === null ? undefined : rowIndex.get(key);
  };
  const sourceHours = new Map<number, DeviceHour[]>();
  // Energy: each device's cells, unrounded, then its total rounded once to the mWh (as the overview rounds
  // it, `sumBySource`) and shared out over its cells by largest remainder, so cells, rows and the overview
  // add up to the mWh.
  const deviceCells = new Map<number, { cells: number[]; hours: DeviceHour[] }>();
  for (const { cell, litUnoccupied, hours, energy } of cells) {
    const index = indexOf(energy.deviceId);
    if (index === undefined) continue;
    const row = rows[index]!;
    if (metric === 'triggers') {
      row.cells[cell] = row.cells[cell]! + energy.triggers;
      row.total += energy.triggers;
    } else {
      const own = deviceCells.get(energy.deviceId) ?? { cells: new Array<number>(168).fill(0), hours: [] };
      own.cells[cell] = own.cells[cell]! + energy.wh;
      own.hours.push(energy);
      deviceCells.set(energy.deviceId, own);
      const list = sourceHours.get(index) ?? [];
      list.push(energy);
      sourceHours.set(index, list);
    }
    if (litUnoccupied) {
      // Energy maps: Wh used while nobody was seen; sensor maps: hours lit while this sensor saw nobody.
      const lit = metric === 'energy' ? energy.wh : hours;
      row.litUnoccupied += lit;
      row.litUnoccupiedCells[cell] = row.litUnoccupiedCells[cell]! + lit;
    }
  }
  for (const [deviceId, own] of deviceCells) {
    const row = rows[indexOf(deviceId)!]!;
    const total = deviceTotalMWh(own.hours);
    cellsInMWh(own.cells, total).forEach((mWh, cell) => {
      row.cells[cell] = row.cells[cell]! + mWh;
    });
    row.total += total;
  }
  if (metric === 'energy') {
    for (const row of rows) {
      row.cells = row.cells.map((mWh) => mWh / 1000);
      row.total /= 1000;
    }
  }
  for (const [index, list] of sourceHours) rows[index]!.bySource = sumBySource(list);
  const frames = framesOf(period, timeZone);
  const frameValues = frames.starts.map(() => new Array<number>(rows.length).fill(0));
  const settings = energySettingsOf(network, [], period.end - 1);
  for (const hour of (await loadPeriodHours(db, network, period, settings, false)).hours) {
    const index = indexOf(hour.deviceId);
    if (index === undefined) continue;
    frameValues[frameIndex(frames.starts, hour.hour)]![index]! += metric === 'triggers' ? hour.triggers : hour.wh;
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

/**
 * The network data overview over `period`, with the period of equal length before it for comparison; devices
 * offline and faulty (`loadFaultyDevices`) as they are at `now` (epoch seconds).
 */
export async function buildNetworkEnergy(
  db: Db,
  network: EnergyNetwork,
  period: Period,
  now: number,
): Promise<NetworkEnergy> {
  const timeZone = network.timeZone;
  const length = period.end - period.start;
  const previousPeriod = { start: period.start - length, end: period.start };
  const devices = await loadEnergyDevices(db, [network.id]);
  const versions = (await loadVersions(db, [network])).get(network.id) ?? [];
  const choices = (await loadChoices(db, [network])).get(network.id) ?? [];
  const settings = energySettingsOf(network, versions, period.end - 1, choices);
  const current = await loadPeriodHours(db, network, period, settings);
  // The period before is only compared by its figures: its whole months may come from the monthly rollups.
  const earlier = await loadPeriodHours(db, network, previousPeriod, settings, true, true);
  const hours = current.hours;
  const frames = framesOf(period, timeZone);
  const series = frames.starts.map((start) => ({ start, bySource: noSource() }));
  for (const row of hours) {
    const frame = series[frameIndex(frames.starts, row.hour)]!;
    frame.bySource[row.source] += row.wh;
  }
  for (const frame of series) {
    frame.bySource = {
      meter: round3(frame.bySource.meter),
      d4i: round3(frame.bySource.d4i),
      estimate: round3(frame.bySource.estimate),
    };
  }
  const zoneRows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM zones WHERE nid = ${network.id} ORDER BY id`,
  );
  const zoneOf = new Map(devices.map((device) => [device.id, device.zoneId]));
  const zones = zoneRows.map((zone) => {
    const inZone = hours.filter((row) => zoneOf.get(row.deviceId) === zone.id);
    const bySource = sumBySource(inZone);
    return {
      id: zone.id,
      name: zone.name,
      energyWh: round3(bySource.meter + bySource.d4i + bySource.estimate),
      bySource,
      triggers: inZone.reduce((sum, row) => sum + row.triggers, 0),
    };
  });
  const gaps = await rowsOf<{ gateway: string; from_seq: number; to_seq: number; reason: string }>(
    db,
    sql`SELECT g.sn AS gateway, r.from_seq, r.to_seq, r.reason FROM report_gaps r
        JOIN gateways g ON g.id = r.gateway_id
        WHERE g.nid = ${network.id} AND r.recorded_at >= to_timestamp(${period.start})
          AND r.recorded_at < to_timestamp(${period.end})
        ORDER BY r.recorded_at`,
  );
  return {
    period: { ...period, timeZone },
    figures: energyFigures(hours, devices, settings, period, current.costHours),
    previous: energyFigures(earlier.hours, devices, settings, previousPeriod, earlier.costHours),
    previousCoverage: coverageOf(previousPeriod.start, (await loadDataStarts(db, [network.id])).get(network.id)),
    series,
    frameUnit: frames.unit,
    zones,
    devices: {
      total: devices.length,
      offline: devices.filter((device) => !device.online).length,
      faults: (
        await loadFaultyDevices(
          db,
          devices.map((device) => device.id),
          new Date(now * 1000),
        )
      ).size,
    },
    gaps: gaps.map((gap) => ({
      gateway: gap.gateway,
      fromSeq: Number(gap.from_seq),
      toSeq: Number(gap.to_seq),
      reason: gap.reason,
    })),
  };
}

/**
 * The portfolio home of user `uid`: every project of theirs with this local month's and last month's
 * energy, cost and CO2 over the networks they belong to, devices offline and faulty, and the Wh of each of
 * the last 30 local days. One pass over the device-hours of all their networks, not one query per project.
 */
export async function buildPortfolio(db: Db, uid: number, now: number): Promise<Portfolio> {
  const projects = await rowsOf<{ id: number; name: string }>(
    db,
    sql`SELECT p.id, p.name FROM projects p JOIN project_users pu ON pu.pid = p.id
        WHERE pu.uid = ${uid} ORDER BY p.id`,
  );
  const networks = (
    await db
      .select({ network: networksTable })
      .from(networksTable)
      .innerJoin(networkUsers, eq(networkUsers.nid, networksTable.id))
      .where(and(eq(networkUsers.uid, uid), isNull(networksTable.deletedAt)))
      .orderBy(asc(networksTable.id))
  ).map((row) => row.network);
  const versionsOf = await loadVersions(db, networks);
  const choicesOf = await loadChoices(db, networks);
  const periodsOf = (network: EnergyNetwork) => {
    const today = localDateOf(now, network.timeZone);
    const thisMonth = localMonth(today.year, today.month, network.timeZone);
    const last = today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
    const lastMonth = localMonth(last.year, last.month, network.timeZone);
    const days = periodEndingAt(now, { unit: 'day', count: 30 }, network.timeZone);
    return { thisMonth, lastMonth, days };
  };
  const nids = networks.map((network) => network.id);
  const dataStarts = await loadDataStarts(db, nids);
  const settingsOf = (network: EnergyNetwork, period: Period) =>
    energySettingsOf(network, versionsOf.get(network.id) ?? [], period.end - 1, choicesOf.get(network.id) ?? []);
  // Each network from the start of its last month (or of its 30 days) to now: whole days and edge hours.
  const splits = networks.map((network) => {
    const { lastMonth, days } = periodsOf(network);
    const start = Math.min(lastMonth.start, days.start, now);
    return splitPeriod(network.id, { start, end: now + 3600 }, network.timeZone, false, rollupsInZone(network));
  });
  const banded = new Set(
    networks.filter((network) => hasBands(settingsOf(network, periodsOf(network).thisMonth).tariff)).map((n) => n.id),
  );
  const { hours, costHours } = await loadLongPeriods(db, splits, estimateDefaultsOf(networks), banded);
  const devices = await loadEnergyDevices(db, nids);
  const faulty = await loadFaultyDevices(
    db,
    devices.map((device) => device.id),
    new Date(now * 1000),
  );
  const nidOf = new Map(devices.map((device) => [device.id, device.nid]));
  const byNetwork = new Map<number, DeviceHour[]>();
  for (const row of hours) {
    const nid = nidOf.get(row.deviceId);
    if (nid === undefined) continue;
    const list = byNetwork.get(nid) ?? [];
    list.push(row);
    byNetwork.set(nid, list);
  }
  return {
    projects: projects.map((project) => {
      const own = networks.filter((network) => network.pid === project.id);
      const currencies = new Set(own.map((network) => network.currency));
      const month = (pick: 'thisMonth' | 'lastMonth') => {
        let energyWh = 0;
        let cost = 0;
        let co2Grams = 0;
        const co2Sets = new Map<string, Co2Set>();
        for (const network of own) {
          const period = periodsOf(network)[pick];
          const inPeriod = (byNetwork.get(network.id) ?? []).filter(
            (row) => row.hour >= period.start && row.hour < period.end,
          );
          const figures = energyFigures(
            inPeriod,
            devices.filter((device) => device.nid === network.id),
            settingsOf(network, period),
            { start: period.start, end: Math.min(period.end, Math.max(period.start, now)) },
            costHours.get(network.id)?.filter((row) => row.hour >= period.start && row.hour < period.end),
          );
          energyWh += figures.energyWh;
          cost += figures.cost.total;
          co2Grams += figures.co2.grams;
          for (const { factorSetId, factorLabel, gramsPerKWh } of figures.co2.sets) {
            co2Sets.set(factorSetId, { factorSetId, factorLabel, gramsPerKWh });
          }
        }
        return {
          energyWh: round3(energyWh),
          cost: currencies.size > 1 ? 0 : cost,
          co2Grams: round3(co2Grams),
          co2Sets: [...co2Sets.values()],
          coverage: coverageOfAll(
            own.map((network) => ({ start: periodsOf(network)[pick].start, dataFrom: dataStarts.get(network.id) })),
          ),
        };
      };
      const sparkline = new Array<number>(30).fill(0);
      for (const network of own) {
        const { days } = periodsOf(network);
        // Thirty days are longer than 15: the frames are the local days.
        const starts = framesOf(days, network.timeZone).starts;
        for (const row of byNetwork.get(network.id) ?? []) {
          if (row.hour < days.start || row.hour >= days.end) continue;
          const index = frameIndex(starts, row.hour) + (30 - starts.length);
          if (index >= 0 && index < 30) sparkline[index] = sparkline[index]! + row.wh;
        }
      }
      const ownDevices = devices.filter((device) => own.some((network) => network.id === device.nid));
      return {
        id: project.id,
        name: project.name,
        networks: own.length,
        thisMonth: month('thisMonth'),
        lastMonth: month('lastMonth'),
        currency: currencies.size === 0 ? 'EUR' : currencies.size === 1 ? [...currencies][0]! : 'mixed',
        devicesOffline: ownDevices.filter((device) => !device.online).length,
        devicesFault: ownDevices.filter((device) => faulty.has(device.id)).length,
        sparkline: sparkline.map(round3),
      };
    }),
  };
}
