import type { ReportBlock, ReportPart } from '../../reports/report-document.ts';
import { comparison } from './project-comparison.ts';
import type { ProjectReport } from './project-report.ts';
import { table } from './report-table.ts';
import { kg, kWh, money, type ReportText } from './report-text.ts';

/** The local date before a `YYYY-MM-DD` date: the last day of a version that ends when the next starts. */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The cost part: cost per network with the totals per currency, the tariffs in force and the comparison. */
export function costPart(text: ReportText, report: ProjectReport): ReportPart {
  const { L } = text;
  const rows = report.networks.map((network) => {
    const cost = network.overview.figures.cost;
    return [
      network.name,
      cost.currency,
      money(cost.energy),
      money(cost.standing),
      money(cost.total),
      kWh(cost.unpricedWh),
    ];
  });
  const totals = report.totals.costs.map((cost) => [
    L('columns.total'),
    cost.currency,
    money(cost.energy),
    money(cost.standing),
    money(cost.total),
    kWh(cost.unpricedWh),
  ]);
  const tariffRows = report.networks.flatMap((network) =>
    network.tariffs.map((tariff) => [
      network.name,
      tariff.validFrom,
      tariff.validTo ? dayBefore(tariff.validTo) : '',
      tariff.currency,
      money(tariff.pricePerKWh),
      tariff.standingChargePerDay === null ? L('notes.none') : money(tariff.standingChargePerDay),
      tariff.bands,
    ]),
  );
  const blocks: ReportBlock[] = [
    table(
      L('tables.cost'),
      [
        { label: L('columns.network'), width: 1.6 },
        { label: L('columns.currency'), width: 0.7 },
        { label: L('columns.costEnergy'), decimals: 2 },
        { label: L('columns.costStanding'), decimals: 2 },
        { label: L('columns.costTotal'), decimals: 2 },
        { label: L('columns.unpricedKWh'), decimals: 3 },
      ],
      rows,
      totals,
    ),
    table(
      L('tables.tariffs'),
      [
        { label: L('columns.network'), width: 1.6 },
        { label: L('columns.validFrom') },
        { label: L('columns.validTo') },
        { label: L('columns.currency'), width: 0.7 },
        { label: L('columns.pricePerKWh'), decimals: 2 },
        { label: L('columns.standingPerDay'), decimals: 2 },
        { label: L('columns.bands'), decimals: 0 },
      ],
      tariffRows,
    ),
    comparison(text, report, 'cost'),
  ];
  if (report.totals.costs.length > 1) blocks.unshift({ kind: 'paragraph', text: L('notes.mixedCurrencies') });
  return { name: L('sections.cost'), blocks };
}

/** The emission factor sets used per network, with the energy and CO2 each one covered. */
function factorSetsTable(text: ReportText, report: ProjectReport): ReportBlock {
  const { L } = text;
  const setRows = report.networks.flatMap((network) =>
    network.factorSets.map((set) => [
      network.name,
      set.publisher,
      set.edition,
      set.dataYear,
      set.region,
      set.gramsPerKWh,
      kWh(set.energyWh),
      kg(set.grams),
    ]),
  );
  return table(
    L('tables.factorSets'),
    [
      { label: L('columns.network'), width: 1.3 },
      { label: L('columns.publisher'), width: 1.6 },
      { label: L('columns.edition'), width: 1.3 },
      { label: L('columns.dataYear'), decimals: 0, width: 0.7 },
      { label: L('columns.region'), width: 0.6 },
      { label: L('columns.gramsPerKWh'), decimals: 2 },
      { label: L('columns.energyKWh'), decimals: 3 },
      { label: L('columns.co2Kg'), decimals: 3 },
    ],
    setRows,
  );
}

/**
 * The CO2 part: emissions and savings per network with a total, the factor sets, the comparison, the
 * energy saved by cause and what the saving equals.
 */
export function co2Part(text: ReportText, report: ProjectReport): ReportPart {
  const { L } = text;
  const rows = report.networks.map((network) => {
    const figures = network.overview.figures;
    return [
      network.name,
      kWh(figures.energyWh),
      kg(figures.co2.grams),
      kg(figures.co2.savedGrams),
      kWh(figures.savings.baselineWh),
      kWh(figures.savings.savedWh),
    ];
  });
  const { totals } = report;
  const total = [
    L('columns.total'),
    kWh(totals.energyWh),
    kg(totals.co2Grams),
    kg(totals.savedGrams),
    kWh(totals.baselineWh),
    kWh(totals.savedWh),
  ];
  const causeRows = report.networks.flatMap((network) =>
    Object.entries(network.overview.figures.savings.byCause)
      .filter(([, wh]) => wh > 0)
      .map(([cause, wh]) => [network.name, text.t(`energy:cause.${cause}`), kWh(wh)]),
  );
  const equivalents = Object.entries(totals.equivalents).map(([key, value]) => [L(`equivalents.${key}`), value]);
  return {
    name: L('sections.co2'),
    blocks: [
      table(
        L('tables.co2'),
        [
          { label: L('columns.network'), width: 1.6 },
          { label: L('columns.energyKWh'), decimals: 3 },
          { label: L('columns.co2Kg'), decimals: 3 },
          { label: L('columns.savedKg'), decimals: 3 },
          { label: L('columns.baselineKWh'), decimals: 3 },
          { label: L('columns.savedKWh'), decimals: 3 },
        ],
        rows,
        [total],
      ),
      factorSetsTable(text, report),
      comparison(text, report, 'co2'),
      table(
        L('tables.causes'),
        [
          { label: L('columns.network'), width: 1.6 },
          { label: L('columns.cause') },
          { label: L('columns.savedKWh'), decimals: 3 },
        ],
        causeRows,
      ),
      table(
        L('tables.equivalents'),
        [
          { label: L('columns.figure'), width: 2 },
          { label: L('columns.value'), decimals: 2 },
        ],
        equivalents,
      ),
    ],
  };
}
