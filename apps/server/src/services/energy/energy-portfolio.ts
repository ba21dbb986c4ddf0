import { type Co2Set, localDateOf, localMonth, type Period, type Portfolio, periodEndingAt } from '@lightwell/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { networks as networksTable, networkUsers } from '../../db/schema.ts';
import { rollupsInZone } from '../../telemetry/index.ts';
import { loadFaultyDevices } from '../device-faults.ts';
import { loadChoices } from '../factor-set-choices.ts';
import { coverageOfAll, loadDataStarts } from './energy-coverage.ts';
import { type CostHour, splitPeriod } from './energy-days.ts';
import { type EnergySettings, energyFigures, hasBands } from './energy-figures.ts';
import { frameIndex, framesOf } from './energy-frames.ts';
import { type DeviceHour, type EnergyDevice, loadEnergyDevices } from './energy-hours.ts';
import { estimateDefaultsOf, loadLongPeriods } from './energy-periods.ts';
import { type EnergyNetwork, energySettingsOf, round3 } from './energy-settings.ts';
import { loadVersions } from './tariffs.ts';

type PortfolioProject = Portfolio['projects'][number];

/** The periods of a network's portfolio figures: this local month, the last, and the last 30 local days. */
function portfolioPeriods(network: EnergyNetwork, now: number) {
  const today = localDateOf(now, network.timeZone);
  const thisMonth = localMonth(today.year, today.month, network.timeZone);
  const last = today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
  const lastMonth = localMonth(last.year, last.month, network.timeZone);
  const days = periodEndingAt(now, { unit: 'day', count: 30 }, network.timeZone);
  return { thisMonth, lastMonth, days };
}

/** What the portfolio has loaded of all the user's networks, read per project. */
interface PortfolioData {
  now: number;
  devices: EnergyDevice[];
  faulty: Set<number>;
  byNetwork: Map<number, DeviceHour[]>;
  costHours: Map<number, CostHour[]>;
  dataStarts: Map<number, number>;
  settingsOf: (network: EnergyNetwork, period: Period) => EnergySettings;
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
  const nids = networks.map((network) => network.id);
  const dataStarts = await loadDataStarts(db, nids);
  const settingsOf = (network: EnergyNetwork, period: Period) =>
    energySettingsOf(network, versionsOf.get(network.id) ?? [], period.end - 1, choicesOf.get(network.id) ?? []);
  // Each network from the start of its last month (or of its 30 days) to now: whole days and edge hours.
  const splits = networks.map((network) => {
    const { lastMonth, days } = portfolioPeriods(network, now);
    const start = Math.min(lastMonth.start, days.start, now);
    return splitPeriod(network.id, { start, end: now + 3600 }, network.timeZone, false, rollupsInZone(network));
  });
  const banded = new Set(
    networks
      .filter((network) => hasBands(settingsOf(network, portfolioPeriods(network, now).thisMonth).tariff))
      .map((n) => n.id),
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
  const data: PortfolioData = { now, devices, faulty, byNetwork, costHours, dataStarts, settingsOf };
  return {
    projects: projects.map((project) =>
      projectSummary(
        project,
        networks.filter((network) => network.pid === project.id),
        data,
      ),
    ),
  };
}

/** One project of the portfolio over its networks `own`. */
function projectSummary(
  project: { id: number; name: string },
  own: EnergyNetwork[],
  data: PortfolioData,
): PortfolioProject {
  const currencies = new Set(own.map((network) => network.currency));
  const ownDevices = data.devices.filter((device) => own.some((network) => network.id === device.nid));
  return {
    id: project.id,
    name: project.name,
    networks: own.length,
    thisMonth: monthFigures(own, 'thisMonth', currencies.size > 1, data),
    lastMonth: monthFigures(own, 'lastMonth', currencies.size > 1, data),
    currency: currencies.size === 0 ? 'EUR' : currencies.size === 1 ? [...currencies][0]! : 'mixed',
    devicesOffline: ownDevices.filter((device) => !device.online).length,
    devicesFault: ownDevices.filter((device) => data.faulty.has(device.id)).length,
    sparkline: sparklineOf(own, data),
  };
}

/** A project's energy, cost (none over several currencies) and CO2 in one of its months. */
function monthFigures(
  own: EnergyNetwork[],
  pick: 'thisMonth' | 'lastMonth',
  mixedCurrencies: boolean,
  { now, devices, byNetwork, costHours, dataStarts, settingsOf }: PortfolioData,
): PortfolioProject['thisMonth'] {
  let energyWh = 0;
  let cost = 0;
  let co2Grams = 0;
  const co2Sets = new Map<string, Co2Set>();
  for (const network of own) {
    const period = portfolioPeriods(network, now)[pick];
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
    cost: mixedCurrencies ? 0 : cost,
    co2Grams: round3(co2Grams),
    co2Sets: [...co2Sets.values()],
    coverage: coverageOfAll(
      own.map((network) => ({
        start: portfolioPeriods(network, now)[pick].start,
        dataFrom: dataStarts.get(network.id),
      })),
    ),
  };
}

/** A project's Wh in each of the last 30 local days. */
function sparklineOf(own: EnergyNetwork[], { now, byNetwork }: PortfolioData): number[] {
  const sparkline = new Array<number>(30).fill(0);
  for (const network of own) {
    const { days } = portfolioPeriods(network, now);
    // Thirty days are longer than 15: the frames are the local days.
    const starts = framesOf(days, network.timeZone).starts;
    for (const row of byNetwork.get(network.id) ?? []) {
      if (row.hour < days.start || row.hour >= days.end) continue;
      const index = frameIndex(starts, row.hour) + (30 - starts.length);
      if (index >= 0 && index < 30) sparkline[index] = sparkline[index]! + row.wh;
    }
  }
  return sparkline.map(round3);
}
