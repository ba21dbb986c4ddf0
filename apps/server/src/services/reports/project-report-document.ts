import { ENERGY_SOURCES, GRADES, localDateOf } from '@lightwell/domain';
import type { BarChartSpec } from '../../reports/chart-svg.ts';
import type {
  ReportBlock,
  ReportCell,
  ReportDocument,
  ReportPart,
  ReportTable,
} from '../../reports/report-document.ts';
import type { NetworkReport, ProjectReport } from './project-report.ts';
import { changeText, kg, kWh, money, percentOf, type ReportText } from './report-text.ts';

/** Colours of the energy sources, as the overview's chart draws them. */
export const SOURCE_COLORS = { meter: '#1677ff', d4i: '#13c2c2', estimate: '#faad14' } as const;

type Row = ReportCell[];

/** The local date before a `YYYY-MM-DD` date: the last day of a version that ends when the next starts. */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** A table with a highlighted total row at the end when `total` is given. */
function table(title: string, columns: ReportTable['columns'], rows: Row[], total?: Row[]): ReportBlock {
  const all = [...rows, ...(total ?? [])];
  return {
    kind: 'table',
    table: { title, columns, rows: all, highlight: all.map((_, index) => index >= rows.length) },
  };
}

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

function energyPart(text: ReportText, report: ProjectReport): ReportPart {
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
function comparison(text: ReportText, report: ProjectReport, what: keyof typeof COMPARED): ReportBlock {
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

function costPart(text: ReportText, report: ProjectReport): ReportPart {
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

function co2Part(text: ReportText, report: ProjectReport): ReportPart {
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
      table(
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
      ),
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

function emergencyPart(text: ReportText, report: ProjectReport): ReportPart {
  const { L } = text;
  const withEmergency = report.networks.filter((network) => network.emergency !== null);
  const standingColumns = [
    'fittings',
    'overdue',
    'overdueFunction',
    'overdueDuration',
    'failed',
    'openFaults',
  ] as const;
  const standing = withEmergency.map((network) => [
    network.name,
    ...standingColumns.map((key) => network.emergency!.standing[key]),
    network.emergency!.faultsOpened,
  ]);
  const total = [
    L('columns.total'),
    ...standingColumns.map((key) => withEmergency.reduce((sum, n) => sum + n.emergency!.standing[key], 0)),
    withEmergency.reduce((sum, n) => sum + n.emergency!.faultsOpened, 0),
  ];
  const tests = withEmergency.map((network) => [
    network.name,
    ...GRADES.map((grade) => network.emergency!.tests[grade]),
    network.emergency!.partialTests,
  ]);
  return {
    name: L('sections.emergency'),
    blocks: [
      { kind: 'paragraph', text: L('notes.emergencyAsOf') },
      table(
        L('tables.emergency'),
        [
          { label: L('columns.network'), width: 1.6 },
          ...standingColumns.map((key) => ({ label: L(`columns.${key}`), decimals: 0 })),
          { label: L('columns.faultsOpened'), decimals: 0 },
        ],
        standing,
        withEmergency.length > 1 ? [total] : [],
      ),
      table(
        L('tables.emergencyTests'),
        [
          { label: L('columns.network'), width: 1.6 },
          ...GRADES.map((grade) => ({ label: text.t(`server:emergency.grades.${grade}`), decimals: 0 })),
          { label: L('columns.partialTests'), decimals: 0 },
        ],
        tests,
      ),
    ],
  };
}

function equipmentPart(text: ReportText, report: ProjectReport): ReportPart {
  const { L, t } = text;
  const E = (key: string) => t(`equipment:columns.${key}`);
  const kindName = (kind: string) => (kind === 'other' ? t('equipment:otherKind') : t(`device:kind.${kind}`));
  const counted = report.networks.filter((network) => network.equipment !== null);
  const figures = ['devices', 'online', 'offline', 'faulty', 'planned'] as const;
  const byNetwork = counted.map((network) => [network.name, ...figures.map((key) => network.equipment![key])]);
  const total = report.equipment ? [[L('columns.total'), ...figures.map((key) => report.equipment![key])]] : [];
  const kindRows = [
    ...counted.flatMap((network) =>
      network
        .equipment!.byKind.filter((row) => row.devices > 0)
        .map((row) => [network.name, kindName(row.kind), row.devices, row.online, row.offline, row.faulty]),
    ),
  ];
  const models = (report.equipment?.byModel ?? []).map((row) => [
    row.model,
    kindName(row.kind),
    row.manufacturer,
    row.devices,
    row.online,
    row.offline,
    row.faulty,
  ]);
  const age = (report.equipment?.age.buckets ?? []).map((row) => [t(`equipment:age.${row.bucket}`), row.devices]);
  const count = (key: string) => ({ label: E(key), decimals: 0 });
  return {
    name: L('sections.equipment'),
    blocks: [
      { kind: 'paragraph', text: L('notes.equipmentAsOf') },
      table(
        L('tables.equipment'),
        [{ label: E('network'), width: 1.6 }, ...figures.map(count)],
        byNetwork,
        counted.length > 1 ? total : [],
      ),
      table(
        t('equipment:sections.kinds'),
        [
          { label: E('network'), width: 1.6 },
          { label: E('kind'), width: 1.3 },
          ...['devices', 'online', 'offline', 'faulty'].map(count),
        ],
        kindRows,
      ),
      table(
        t('equipment:sections.models'),
        [
          { label: E('model'), width: 1.5 },
          { label: E('kind'), width: 1.2 },
          { label: E('manufacturer'), width: 1.2 },
          ...['devices', 'online', 'offline', 'faulty'].map(count),
        ],
        models,
      ),
      table(t('equipment:sections.age'), [{ label: E('age'), width: 2 }, count('devices')], age),
    ],
  };
}

/** The lines a report opens with: what it covers, its period in each zone, when it was made. */
function openingLines(text: ReportText, report: ProjectReport): string[] {
  const { L } = text;
  const periods = new Map<string, string[]>();
  for (const network of report.networks) {
    const line = text.period(network.period, network.timeZone);
    periods.set(line, [...(periods.get(line) ?? []), network.name]);
  }
  const zone = report.networks[0]?.timeZone ?? 'UTC';
  return [
    L('lines.project', { name: report.project.name }),
    L('lines.networks', { names: report.networks.map((network) => network.name).join(', ') }),
    ...[...periods].map(([line, names]) =>
      periods.size === 1
        ? L('lines.period', { period: line })
        : L('lines.periodOf', { names: names.join(', '), period: line }),
    ),
    L('lines.generated', { at: text.instant(report.generatedAt, zone) }),
  ];
}

/**
 * A project report as a document for the PDF, CSV and XLSX writers: a part per section asked for, in the
 * order of `REPORT_SECTIONS`, each with its tables (a total row per project), the energy part with each
 * network's chart; every label in the reader's language.
 */
export function projectReportDocument(text: ReportText, report: ProjectReport): ReportDocument {
  const builders = {
    energy: energyPart,
    cost: costPart,
    co2: co2Part,
    emergency: emergencyPart,
    equipment: equipmentPart,
  } as const;
  const order = ['energy', 'cost', 'co2', 'emergency', 'equipment'] as const;
  return {
    title: text.L('title.project'),
    lines: openingLines(text, report),
    parts: order
      .filter((section) => report.sections.includes(section))
      .map((section) => builders[section](text, report)),
    language: text.language,
    orientation: 'landscape',
  };
}
