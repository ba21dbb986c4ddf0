import { ENERGY_SOURCES, localDateOf } from '@lightwell/domain';
import type { BarChartSpec } from '../../reports/chart-svg.ts';
import type { ReportBlock, ReportPart } from '../../reports/report-document.ts';
import { comparison } from './project-comparison.ts';
import type { NetworkReport, ProjectReport } from './project-report.ts';
import { table } from './report-table.ts';
import { kWh, percentOf, type ReportText } from './report-text.ts';

/** Colours of the energy sources, as the overview's chart draws them. */
export const SOURCE_COLORS = { meter: '#1677ff', d4i: '#13c2c2', estimate: '#faad14' } as const;

/** A network's series (hours up to 15 days, local days beyond) as a stacked chart of kWh by source. */
function seriesChart(text: ReportText, network: NetworkReport): BarChartSpec {
  const { overview, timeZone } = network;
  const label = (start: number) => {
    const date = localDateOf(start, timeZone);
    if (overview.frameUnit === 'day') return `${date.month}/${date.day}`;
    return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
      new Date(start * 1000),
    );
  };
  return {
    title: text.L('charts.energy', { name: network.name }),
    categories: overview.series.map((frame) => label(frame.start)),
    series: ENERGY_SOURCES.map((source) => ({
      name: text.t(`energy:source.${source}`),
      values: overview.series.map((frame) => kWh(frame.bySource[source])),
      color: SOURCE_COLORS[source],
    })),
    unit: 'kWh',
  };
}

/** The energy part: a chart per network, energy by source, the comparison, zones and assumptions. */
export function energyPart(text: ReportText, report: ProjectReport): ReportPart {
  const { L } = text;
  const columns = [
    { label: L('columns.network'), width: 1.6 },
    { label: L('columns.period'), width: 2 },
    { label: L('columns.energyKWh'), decimals: 3 },
    ...ENERGY_SOURCES.map((source) => ({ label: L(`columns.${source}KWh`), decimals: 3 })),
    ...ENERGY_SOURCES.map((source) => ({ label: L(`columns.${source}Share`), decimals: 1 })),
    { label: L('columns.quarantinedKWh'), decimals: 3 },
    { label: L('columns.spreadKWh'), decimals: 3 },
  ];
  const rows = report.networks.map((network) => {
    const figures = network.overview.figures;
    return [
      network.name,
      text.period(network.period, network.timeZone),
      kWh(figures.energyWh),
      ...ENERGY_SOURCES.map((source) => kWh(figures.bySource[source])),
      ...ENERGY_SOURCES.map((source) => percentOf(figures.shareBasisPoints[source])),
      kWh(figures.quarantinedWh),
      kWh(figures.spreadWh),
    ];
  });
  const { totals } = report;
  const totalWh = totals.energyWh;
  const share = (wh: number) => (totalWh > 0 ? Math.round((wh / totalWh) * 1000) / 10 : 0);
  const total = [
    L('columns.total'),
    '',
    kWh(totalWh),
    ...ENERGY_SOURCES.map((source) => kWh(totals.bySource[source])),
    ...ENERGY_SOURCES.map((source) => share(totals.bySource[source])),
    kWh(report.networks.reduce((sum, n) => sum + n.overview.figures.quarantinedWh, 0)),
    kWh(report.networks.reduce((sum, n) => sum + n.overview.figures.spreadWh, 0)),
  ];
  const zoneRows = report.networks.flatMap((network) =>
    network.overview.zones.map((zone) => [
      network.name,
      zone.name,
      kWh(zone.energyWh),
      ...ENERGY_SOURCES.map((source) => kWh(zone.bySource[source])),
      zone.triggers,
    ]),
  );
  const blocks: ReportBlock[] = [
    ...report.networks.map((network): ReportBlock => ({ kind: 'chart', chart: seriesChart(text, network) })),
    table(L('tables.energy'), columns, rows, [total]),
    comparison(text, report, 'energy'),
  ];
  if (zoneRows.length > 0) {
    blocks.push(
      table(
        L('tables.zones'),
        [
          { label: L('columns.network'), width: 1.5 },
          { label: L('columns.zone'), width: 1.5 },
          { label: L('columns.energyKWh'), decimals: 3 },
          ...ENERGY_SOURCES.map((source) => ({ label: L(`columns.${source}KWh`), decimals: 3 })),
          { label: L('columns.triggers'), decimals: 0 },
        ],
        zoneRows,
      ),
    );
  }
  for (const network of report.networks) {
    const assumptions = network.overview.figures.assumptions;
    if (assumptions.length === 0) continue;
    const lines = assumptions.map((item) => text.t(`energy:assumption.${item.key}`, item.params));
    blocks.push({ kind: 'paragraph', text: `${L('notes.assumptions', { name: network.name })} ${lines.join('; ')}.` });
  }
  return { name: L('sections.energy'), blocks };
}
