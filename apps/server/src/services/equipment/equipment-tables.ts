import {
  type EquipmentFigures,
  type EquipmentKind,
  type EquipmentStatistics,
  formatCivilDate,
  formatInstant,
  type Language,
  type LastTestGrade,
} from '@lightwell/domain';
import type { TFunction } from 'i18next';
import type { ReportCell, ReportColumn, ReportDocument, ReportPart } from '../../reports/report-document.ts';

type TableKey = 'networks' | 'kinds' | 'models' | 'firmware' | 'hardware' | 'age' | 'battery' | 'lastTest';

/** A row of an exported table; `total` rows are those of all networks together (highlighted). */
type TableRow = { cells: ReportCell[]; total: boolean };

type Figures = EquipmentFigures;
/** The networks a breakdown runs over: all of them together first, then each one. */
type Scope = { label: string; figures: Figures; total: boolean }[];

/** The installation day (stored as a UTC day) in the reader's date format. */
function installationDay(epochSeconds: number, timeFormat: number): string {
  const date = new Date(epochSeconds * 1000);
  return formatCivilDate(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
    timeFormat,
  );
}

/**
 * One part of the export holding one table titled as the part (the PDF's heading, the CSV's block title),
 * its worksheet named short; `total` rows highlighted.
 */
function tablePart(
  L: (key: string) => string,
  key: TableKey,
  columns: ReportColumn[],
  rows: readonly TableRow[],
): ReportPart {
  const title = L(`sections.${key}`);
  return {
    name: title,
    sheet: L(`file.sheets.${key}`),
    blocks: [
      {
        kind: 'table',
        table: { title, columns, rows: rows.map((row) => row.cells), highlight: rows.map((row) => row.total) },
      },
    ],
  };
}

/** A column of counts: whole numbers, right-aligned in the PDF, numeric cells in the XLSX. */
const countColumn = (L: (key: string) => string, key: string): ReportColumn => ({
  label: L(`columns.${key}`),
  decimals: 0,
});

/**
 * The statistics as a report document in the reader's language, the same tables for the CSV, the XLSX and
 * the PDF (landscape): under the title, the project and networks covered and the time of the figures (in
 * the first network's zone), a summary per network (with the device installed earliest), then kinds,
 * models, firmware and hardware versions per model, age buckets, and the emergency fittings by battery
 * state and last test. Each breakdown lists all networks together first, then each network (its rows
 * without a device left out); one network alone is listed once, under its name.
 */
export function equipmentDocument(
  statistics: EquipmentStatistics,
  t: TFunction,
  reader: { language: Language; timeFormat: number },
): ReportDocument {
  const { timeFormat } = reader;
  const L = (key: string) => t(`equipment:${key}`);
  const parts = [summaryPart(statistics, L, timeFormat), ...breakdownParts(scopeTable(statistics, L), t)];
  const timeZone = statistics.networks[0]?.timeZone ?? 'UTC';
  return {
    title: L('file.title'),
    lines: [
      t('equipment:file.scope', {
        project: statistics.project.name,
        networks: statistics.networks.map((network) => network.name).join(', '),
      }),
      t('equipment:page.asOf', { at: formatInstant(statistics.generatedAt, { timeZone, timeFormat }) }),
    ],
    parts,
    language: reader.language,
    orientation: 'landscape',
  };
}

/** A breakdown table: its columns after the network's, its rows of some figures, their cells and device count. */
type ScopeTable = <T>(
  key: TableKey,
  columns: ReportColumn[],
  rowsOf: (figures: Figures) => T[],
  cells: (row: T) => (string | number)[],
  counts: (row: T) => number,
) => ReportPart;

/**
 * Builds a breakdown over the statistics' scope: all networks together first, then each network (its rows
 * without a device left out); one network alone once, under its name.
 */
function scopeTable(statistics: EquipmentStatistics, L: (key: string) => string): ScopeTable {
  const single = statistics.networks.length === 1;
  const scope: Scope = single
    ? [{ label: statistics.networks[0]!.name, figures: statistics.networks[0]!.figures, total: false }]
    : [
        { label: L('allSelected'), figures: statistics.total, total: true },
        ...statistics.networks.map((network) => ({ label: network.name, figures: network.figures, total: false })),
      ];
  return (key, columns, rowsOf, cells, counts) =>
    tablePart(
      L,
      key,
      [{ label: L('columns.network'), width: 1.6 }, ...columns],
      scope.flatMap(({ label, figures, total }) =>
        rowsOf(figures)
          .filter((row) => total || single || counts(row) > 0)
          .map((row) => ({ cells: [label, ...cells(row)], total })),
      ),
    );
}

/** Kinds, models, firmware and hardware versions per model, age buckets, and the emergency fittings. */
function breakdownParts(table: ScopeTable, t: TFunction): ReportPart[] {
  const L = (key: string) => t(`equipment:${key}`);
  const kind = (value: EquipmentKind) => (value === 'other' ? L('otherKind') : t(`device:kind.${value}`));
  const grade = (value: LastTestGrade) =>
    value === 'never' ? L('neverTested') : t(`server:emergency.grades.${value}`);
  const version = (value: string | null) => value ?? L('unknownVersion');
  const count = (key: string) => countColumn(L, key);
  const text = (key: string, width = 1.3) => ({ label: L(`columns.${key}`), width });
  return [
    table(
      'kinds',
      [text('kind'), count('devices'), count('online'), count('offline'), count('faulty')],
      (f) => f.byKind,
      (r) => [kind(r.kind), r.devices, r.online, r.offline, r.faulty],
      (r) => r.devices,
    ),
    table(
      'models',
      [
        text('model'),
        text('kind'),
        text('manufacturer'),
        count('devices'),
        count('online'),
        count('offline'),
        count('faulty'),
      ],
      (f) => f.byModel,
      (r) => [r.model, kind(r.kind), r.manufacturer, r.devices, r.online, r.offline, r.faulty],
      (r) => r.devices,
    ),
    table(
      'firmware',
      [text('model'), text('firmware'), count('devices')],
      (f) => f.byFirmware,
      (r) => [r.model, version(r.version), r.devices],
      (r) => r.devices,
    ),
    table(
      'hardware',
      [text('model'), text('hardware'), count('devices')],
      (f) => f.byHardware,
      (r) => [r.model, version(r.version), r.devices],
      (r) => r.devices,
    ),
    table(
      'age',
      [text('age', 1.6), count('devices')],
      (f) => f.age.buckets,
      (r) => [L(`age.${r.bucket}`), r.devices],
      (r) => r.devices,
    ),
    table(
      'battery',
      [text('battery'), count('fittings')],
      (f) => f.emergency.battery,
      (r) => [L(`battery.${r.state}`), r.fittings],
      (r) => r.fittings,
    ),
    table(
      'lastTest',
      [text('grade'), count('functionTest'), count('durationTest')],
      (f) => f.emergency.lastTest,
      (r) => [grade(r.grade), r.function, r.duration],
      (r) => r.function + r.duration,
    ),
  ];
}

/** One row per network, and all of them together last: the figures and the device installed earliest. */
function summaryPart(statistics: EquipmentStatistics, L: (key: string) => string, timeFormat: number): ReportPart {
  const row = (label: string, f: Figures, total: boolean): TableRow => ({
    cells: [
      label,
      f.devices,
      f.online,
      f.offline,
      f.faulty,
      f.planned,
      f.emergency.fittings,
      f.age.oldest ? `${f.age.oldest.name} (${f.age.oldest.model})` : null,
      f.age.oldest ? installationDay(f.age.oldest.installedAt, timeFormat) : null,
      f.age.oldest ? f.age.oldest.years : null,
    ],
    total,
  });
  const count = (key: string) => countColumn(L, key);
  return tablePart(
    L,
    'networks',
    [
      { label: L('columns.network'), width: 1.6 },
      count('devices'),
      count('online'),
      count('offline'),
      count('faulty'),
      count('planned'),
      count('fittings'),
      { label: L('columns.oldest'), width: 1.8 },
      { label: L('columns.installedOn'), width: 1.2 },
      count('years'),
    ],
    [
      ...statistics.networks.map((network) => row(network.name, network.figures, false)),
      ...(statistics.networks.length > 1 ? [row(L('allSelected'), statistics.total, true)] : []),
    ],
  );
}
