import {
  type Coverage,
  co2Equivalents,
  type DownloadPeriod,
  downloadPeriodIn,
  type EnergyFigures,
  type EquipmentFigures,
  type EquipmentStatistics,
  factorSetById,
  GRADES,
  type Grade,
  localRangeOf,
  type NetworkEnergy,
  type OverdueNetwork,
  type Period,
  type ReportSection,
  withValidTo,
} from '@lightwell/domain';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../policies/access.ts';
import { loadEmergencyElements } from '../emergency/elements.ts';
import { faultsInPeriod } from '../emergency/emergency-report.ts';
import { overdueFigures, testRecordsInPeriod } from '../emergency/records.ts';
import { coverageOfAll, loadDataStarts } from '../energy/energy-coverage.ts';
import { buildNetworkEnergy } from '../energy/energy-views.ts';
import { loadVersions } from '../energy/tariffs.ts';
import { buildEquipmentStatistics } from '../equipment/build-equipment-statistics.ts';

/** A tariff version in force during a network's report period (`/setting/price`). */
interface ReportTariff {
  validFrom: string;
  validTo: string | null;
  currency: string;
  /** Hundredths of the currency per kWh; with time-of-use bands, the price outside them. */
  pricePerKWh: number;
  /** Hundredths of the currency per local day; null for none. */
  standingChargePerDay: number | null;
  bands: number;
}

/** A CO2 factor set a network's period was converted with, named as published. */
interface ReportFactorSet {
  id: string;
  publisher: string;
  edition: string;
  dataYear: number | null;
  region: string;
  gramsPerKWh: number;
  energyWh: number;
  grams: number;
}

/** A network's emergency lighting: standing now, and what its tests and faults were in the period. */
interface ReportEmergency {
  standing: OverdueNetwork;
  /** Test records of the period by grade (a test counts in the period it took place in). */
  tests: Record<Grade, number>;
  partialTests: number;
  faultsOpened: number;
}

/** One network's part of a project report. */
export interface NetworkReport {
  nid: number;
  name: string;
  timeZone: string;
  period: Period;
  previousPeriod: Period;
  /** The network data overview (`/home/network`) of the same period: the figures the report prints. */
  overview: NetworkEnergy;
  tariffs: ReportTariff[];
  factorSets: ReportFactorSet[];
  emergency: ReportEmergency | null;
  /** The network's installed base as the equipment statistics (2-9) count it; null unless asked for. */
  equipment: EquipmentFigures | null;
}

/** A figure summed over the project's networks (each in its own zone's period). */
interface ReportTotals {
  energyWh: number;
  bySource: EnergyFigures['bySource'];
  /** Per currency (a project whose networks are priced in several has several). */
  costs: { currency: string; total: number; energy: number; standing: number; unpricedWh: number }[];
  co2Grams: number;
  savedGrams: number;
  baselineWh: number;
  savedWh: number;
  equivalents: EnergyFigures['equivalents'];
  previous: { energyWh: number; costs: { currency: string; total: number }[]; co2Grams: number };
  /** Whether every network's data covers its period before (`coverageOfAll`); else no change is shown. */
  previousCoverage: Coverage;
}

/** A project report's figures: every number the PDF, CSV and XLSX print. */
export interface ProjectReport {
  project: { id: number; name: string };
  period: DownloadPeriod;
  sections: ReportSection[];
  generatedAt: number;
  networks: NetworkReport[];
  totals: ReportTotals;
  /** The installed base of all the networks together; null unless asked for. */
  equipment: EquipmentFigures | null;
}

/**
 * Where the equipment section comes from: the equipment statistics of page 2-9 (`buildEquipmentStatistics`),
 * so the report and that page count the installed base alike.
 */
export type EquipmentSource = (
  ctx: Pick<AppContext, 'db' | 'now'>,
  project: { id: number; name: string },
  networks: readonly NetworkRow[],
) => Promise<EquipmentStatistics>;

/** What a project report is asked for. */
export interface ProjectReportInput {
  project: { id: number; name: string };
  networks: readonly NetworkRow[];
  period: DownloadPeriod;
  sections: readonly ReportSection[];
  /** When it was asked for (epoch seconds): a span ends with the unit holding it. */
  requestedAt: number;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The tariff versions of a network in force on some local day of `period` (the first also before it). */
async function tariffsOf(ctx: Pick<AppContext, 'db'>, network: NetworkRow, period: Period): Promise<ReportTariff[]> {
  const versions = (await loadVersions(ctx.db, [network])).get(network.id) ?? [];
  const { from, to } = localRangeOf(period, network.timeZone);
  return withValidTo(versions)
    .filter(
      (version, index) => (index === 0 || version.validFrom <= to) && (!version.validTo || version.validTo > from),
    )
    .map((version) => ({
      validFrom: version.validFrom,
      validTo: version.validTo,
      currency: version.currency,
      pricePerKWh: version.pricePerKWh,
      standingChargePerDay: version.standingChargePerDay,
      bands: version.bands.length,
    }));
}

/** The factor sets the figures used, each with its publisher, edition and year (`factorSetById`). */
function factorSetsOf(figures: EnergyFigures): ReportFactorSet[] {
  return figures.co2.sets.map((set) => {
    const known = factorSetById(set.factorSetId);
    return {
      id: set.factorSetId,
      publisher: known?.publisher ?? set.factorLabel,
      edition: known?.edition ?? '',
      dataYear: known?.dataYear ?? null,
      region: known?.region ?? '',
      gramsPerKWh: set.gramsPerKWh,
      energyWh: set.energyWh,
      grams: set.grams,
    };
  });
}

/** A network's emergency lighting for a report: its standing now and its tests and faults of the period. */
async function emergencyOf(
  ctx: Pick<AppContext, 'db'>,
  network: NetworkRow,
  period: Period,
  now: Date,
): Promise<ReportEmergency> {
  const elements = await loadEmergencyElements(ctx.db, { nid: network.id, timeZone: network.timeZone }, now);
  const from = new Date(period.start * 1000);
  const to = new Date(period.end * 1000);
  const records = await testRecordsInPeriod(ctx.db, network.id, from, to);
  const tests = Object.fromEntries(GRADES.map((grade) => [grade, 0])) as Record<Grade, number>;
  for (const record of records) {
    if (record.correctsId !== null) continue;
    tests[record.grade as Grade] += 1;
  }
  return {
    standing: overdueFigures(network, elements),
    tests,
    partialTests: records.filter((record) => record.correctsId === null && record.partial).length,
    faultsOpened: (await faultsInPeriod(ctx, network.id, from, to)).length,
  };
}

/** Sums the networks' figures: energy, sources, costs per currency, CO2, savings; the period before likewise. */
function totalsOf(networks: readonly NetworkReport[], dataStarts: Map<number, number>): ReportTotals {
  const bySource = { meter: 0, d4i: 0, estimate: 0 };
  const costs = new Map<string, ReportTotals['costs'][number]>();
  const previousCosts = new Map<string, number>();
  let co2Grams = 0;
  let savedGrams = 0;
  let baselineWh = 0;
  let savedWh = 0;
  let previousWh = 0;
  let previousCo2 = 0;
  for (const { overview } of networks) {
    const figures = overview.figures;
    bySource.meter += figures.bySource.meter;
    bySource.d4i += figures.bySource.d4i;
    bySource.estimate += figures.bySource.estimate;
    const cost = costs.get(figures.cost.currency) ?? {
      currency: figures.cost.currency,
      total: 0,
      energy: 0,
      standing: 0,
      unpricedWh: 0,
    };
    cost.total += figures.cost.total;
    cost.energy += figures.cost.energy;
    cost.standing += figures.cost.standing;
    cost.unpricedWh = round3(cost.unpricedWh + figures.cost.unpricedWh);
    costs.set(cost.currency, cost);
    co2Grams += figures.co2.grams;
    savedGrams += figures.co2.savedGrams;
    baselineWh += figures.savings.baselineWh;
    savedWh += figures.savings.savedWh;
    previousWh += overview.previous.energyWh;
    previousCo2 += overview.previous.co2.grams;
    const currency = overview.previous.cost.currency;
    previousCosts.set(currency, (previousCosts.get(currency) ?? 0) + overview.previous.cost.total);
  }
  const energyWh = round3(bySource.meter + bySource.d4i + bySource.estimate);
  return {
    energyWh,
    bySource: { meter: round3(bySource.meter), d4i: round3(bySource.d4i), estimate: round3(bySource.estimate) },
    costs: [...costs.values()],
    co2Grams: round3(co2Grams),
    savedGrams: round3(savedGrams),
    baselineWh: round3(baselineWh),
    savedWh: round3(savedWh),
    equivalents: co2Equivalents(round3(savedGrams)),
    previous: {
      energyWh: round3(previousWh),
      costs: [...previousCosts].map(([currency, total]) => ({ currency, total })),
      co2Grams: round3(previousCo2),
    },
    previousCoverage: coverageOfAll(
      networks.map((network) => ({ start: network.previousPeriod.start, dataFrom: dataStarts.get(network.nid) })),
    ),
  };
}

/**
 * The figures of a project report: for each network, its period in its own zone (`downloadPeriodIn`) and the
 * network data overview of that period (`buildNetworkEnergy`, the very answer `/home/network` gives: energy
 * by source, cost with the tariff versions of each hour and standing charges, CO2 with the factor set in
 * force each day, savings, the period before with its coverage), the tariff versions and factor sets named,
 * the emergency lighting and the installed base (the equipment statistics of 2-9) when asked for; then the
 * project's totals. `onStep` is told
 * each step done of all there are (the job's progress).
 */
export async function buildProjectReport(
  ctx: Pick<AppContext, 'db' | 'now'>,
  input: ProjectReportInput,
  onStep: (done: number, total: number) => Promise<void> = async () => undefined,
  equipmentSource: EquipmentSource = buildEquipmentStatistics,
): Promise<ProjectReport> {
  const now = ctx.now();
  const wants = (section: ReportSection) => input.sections.includes(section);
  const total = input.networks.length * (wants('emergency') ? 2 : 1) + (wants('equipment') ? 1 : 0);
  let done = 0;
  const step = async () => {
    done += 1;
    await onStep(done, total);
  };
  const equipment = wants('equipment') ? await equipmentSource(ctx, input.project, input.networks) : null;
  if (wants('equipment')) await step();
  const networks: NetworkReport[] = [];
  for (const network of input.networks) {
    const period = downloadPeriodIn(input.period, network.timeZone, input.requestedAt);
    const overview = await buildNetworkEnergy(ctx.db, network, period, Math.floor(now.getTime() / 1000));
    const length = period.end - period.start;
    await step();
    networks.push({
      nid: network.id,
      name: network.name,
      timeZone: network.timeZone,
      period,
      previousPeriod: { start: period.start - length, end: period.start },
      overview,
      tariffs: await tariffsOf(ctx, network, period),
      factorSets: factorSetsOf(overview.figures),
      emergency: wants('emergency') ? await emergencyOf(ctx, network, period, now) : null,
      equipment: equipment?.networks.find((item) => item.nid === network.id)?.figures ?? null,
    });
    if (wants('emergency')) await step();
  }
  const dataStarts = await loadDataStarts(
    ctx.db,
    input.networks.map((network) => network.id),
  );
  return {
    project: input.project,
    period: input.period,
    sections: [...input.sections],
    generatedAt: Math.floor(now.getTime() / 1000),
    networks,
    totals: totalsOf(networks, dataStarts),
    equipment: equipment?.total ?? null,
  };
}
