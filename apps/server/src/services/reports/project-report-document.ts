import { GRADES } from '@lightwell/domain';
import type { ReportDocument, ReportPart } from '../../reports/report-document.ts';
import { co2Part, costPart } from './project-cost-parts.ts';
import { energyPart } from './project-energy-parts.ts';
import type { ProjectReport } from './project-report.ts';
import { table } from './report-table.ts';
import type { ReportText } from './report-text.ts';

/** The emergency part: each network's standing (with a total) and its tests by grade. */
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

/** The equipment part: counts per network, per kind, per model and by age. */
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
