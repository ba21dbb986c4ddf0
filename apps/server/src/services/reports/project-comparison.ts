import type { ReportBlock } from '../../reports/report-document.ts';
import type { NetworkReport, ProjectReport } from './project-report.ts';
import { table } from './report-table.ts';
import { changeText, kg, kWh, money, type ReportText } from './report-text.ts';

/** The figures a comparison with the period before is made of. */
const COMPARED = {
  energy: {
    column: 'energyKWh',
    now: (n: NetworkReport) => kWh(n.overview.figures.energyWh),
    before: (n: NetworkReport) => kWh(n.overview.previous.energyWh),
    decimals: 3,
  },
  cost: {
    column: 'costTotal',
    now: (n: NetworkReport) => money(n.overview.figures.cost.total),
    before: (n: NetworkReport) => money(n.overview.previous.cost.total),
    decimals: 2,
  },
  co2: {
    column: 'co2Kg',
    now: (n: NetworkReport) => kg(n.overview.figures.co2.grams),
    before: (n: NetworkReport) => kg(n.overview.previous.co2.grams),
    decimals: 3,
  },
} as const;

/**
 * A figure against the period of equal length before, by the overview's rule: only where the stored data
 * covers that period (`previousCoverage`); otherwise the reason, never a percentage. The project's line
 * compares only when every network's data covers its period before (and, for cost, one currency).
 */
export function comparison(text: ReportText, report: ProjectReport, what: keyof typeof COMPARED): ReportBlock {
  const { L } = text;
  const figure = COMPARED[what];
  const rows = report.networks.map((network) => {
    const refusal = text.notComparable(network.overview.previousCoverage, network.timeZone);
    const now = figure.now(network);
    const before = figure.before(network);
    return [
      network.name,
      text.period(network.previousPeriod, network.timeZone),
      now,
      refusal ? null : before,
      changeText(text, now, before, refusal),
    ];
  });
  const zone = report.networks[0]?.timeZone ?? 'UTC';
  const sum = (pick: (n: NetworkReport) => number) => report.networks.reduce((total, n) => total + pick(n), 0);
  const currencies = new Set(report.networks.map((n) => n.overview.figures.cost.currency));
  const refusal =
    what === 'cost' && currencies.size > 1
      ? L('notes.mixedCurrencies')
      : text.notComparable(report.totals.previousCoverage, zone);
  const now = Math.round(sum(figure.now) * 1000) / 1000;
  const before = Math.round(sum(figure.before) * 1000) / 1000;
  const total = [L('columns.total'), '', now, refusal ? null : before, changeText(text, now, before, refusal)];
  return table(
    L(`tables.previous.${what}`),
    [
      { label: L('columns.network'), width: 1.5 },
      { label: L('columns.periodBefore'), width: 2 },
      { label: L(`columns.${figure.column}`), decimals: figure.decimals },
      { label: L('columns.before'), decimals: figure.decimals },
      { label: L('columns.change'), width: 2 },
    ],
    rows,
    report.networks.length > 1 ? [total] : [],
  );
}
