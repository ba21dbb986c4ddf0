import type { ReportBlock, ReportCell, ReportDocument, ReportTable } from '../../reports/report-document.ts';
import type { DeviceDayRow } from './device-days.ts';
import type { DeviceReportData } from './device-report.ts';
import { SOURCE_COLORS } from './project-energy-parts.ts';
import { hours, kWh, type ReportText } from './report-text.ts';

/** Device-days a PDF lists one by one; beyond, the PDF says the CSV and XLSX hold them. */
const PDF_DEVICE_DAYS = 10_000;
/** Device-days the CSV and XLSX writers are given at once. */
const DEVICE_DAYS_PER_CHUNK = 5000;

const tableBlock = (table: ReportTable): ReportBlock => ({ kind: 'table', table });

/** The name of an energy source in the reader's language ('' for none), each looked up once. */
function sourceNamer(t: ReportText['t']): (source: string | null) => string {
  const sourceNames = new Map<string | null, string>();
  return (source) => {
    let name = sourceNames.get(source);
    if (name === undefined) {
      name = source ? t(`energy:source.${source}`) : '';
      sourceNames.set(source, name);
    }
    return name;
  };
}

/** The devices with their period figures, faulty ones highlighted, and a total row. */
function devicesTable(
  text: ReportText,
  report: DeviceReportData,
  sourceName: (source: string | null) => string,
): ReportTable {
  const { L, t } = text;
  const yesNo = (value: boolean) => L(value ? 'notes.yes' : 'notes.no');
  const deviceRows = report.devices.map((device) => [
    device.name,
    device.zoneName ?? '',
    t(`device:kind.${device.kind}`, { defaultValue: device.kind }),
    device.mac,
    hours(device.onSeconds),
    kWh(device.energyWh),
    sourceName(device.source),
    device.triggers,
    device.d4iOperatingSeconds === null ? null : hours(device.d4iOperatingSeconds),
    device.d4iOperatingSecondsInPeriod === null ? null : hours(device.d4iOperatingSecondsInPeriod),
    device.d4iEnergyWh === null ? null : kWh(device.d4iEnergyWh),
    yesNo(device.faulty),
    device.faultsOpened,
  ]);
  const total = [
    L('columns.total'),
    '',
    '',
    '',
    hours(report.totals.onSeconds),
    kWh(report.totals.energyWh),
    '',
    report.totals.triggers,
    null,
    null,
    kWh(report.totals.bySource.d4i),
    String(report.devices.filter((device) => device.faulty).length),
    report.devices.reduce((sum, device) => sum + device.faultsOpened, 0),
  ];
  return {
    title: L('tables.devices'),
    columns: [
      { label: L('columns.device'), width: 1.6 },
      { label: L('columns.zone'), width: 1.1 },
      { label: L('columns.kind'), width: 1.1 },
      { label: L('columns.mac'), width: 1.3 },
      { label: L('columns.onHours'), decimals: 2 },
      { label: L('columns.energyKWh'), decimals: 3 },
      { label: L('columns.source') },
      { label: L('columns.triggers'), decimals: 0 },
      { label: L('columns.d4iOperatingHours'), decimals: 2 },
      { label: L('columns.d4iOperatingInPeriod'), decimals: 2 },
      { label: L('columns.d4iEnergyKWh'), decimals: 3 },
      { label: L('columns.faultyNow'), width: 0.7 },
      { label: L('columns.faultsOpened'), decimals: 0 },
    ],
    rows: [...deviceRows, total],
    highlight: [...deviceRows.map((_, index) => report.devices[index]!.faulty), true],
  };
}

/** The selection's days: charts of daily energy and on-time, then the table of days. */
function daysBlocks(text: ReportText, report: DeviceReportData): ReportBlock[] {
  const { L } = text;
  const days: ReportTable = {
    title: L('tables.days'),
    columns: [
      { label: L('columns.date') },
      { label: L('columns.usageSeconds'), decimals: 0 },
      { label: L('columns.onHours'), decimals: 2 },
      { label: L('columns.energyKWh'), decimals: 3 },
      { label: L('columns.triggers'), decimals: 0 },
    ],
    rows: report.days.map((day) => [day.date, day.onSeconds, hours(day.onSeconds), kWh(day.energyWh), day.triggers]),
  };
  const dayLabels = report.days.map((day) => day.date.slice(5));
  return [
    {
      kind: 'chart',
      chart: {
        title: L('charts.dailyEnergy'),
        categories: dayLabels,
        series: [
          {
            name: L('columns.energyKWh'),
            values: report.days.map((day) => kWh(day.energyWh)),
            color: SOURCE_COLORS.meter,
          },
        ],
        unit: 'kWh',
      },
    },
    {
      kind: 'chart',
      chart: {
        title: L('charts.dailyUsage'),
        categories: dayLabels,
        series: [
          {
            name: L('columns.onHours'),
            values: report.days.map((day) => hours(day.onSeconds)),
            color: SOURCE_COLORS.estimate,
          },
        ],
        unit: 'h',
      },
    },
    tableBlock(days),
  ];
}

/**
 * A device report as a document for the PDF, CSV and XLSX writers: the devices with their period figures
 * (and a total row), the selection's days with charts of daily energy and on-time, and each device's days
 * (in a PDF only up to `PDF_DEVICE_DAYS` rows). Labels in the reader's language.
 */
export function deviceReportDocument(
  text: ReportText,
  report: DeviceReportData,
  forPdf: boolean,
  chunkSize = DEVICE_DAYS_PER_CHUNK,
): ReportDocument {
  const { L } = text;
  const zone = report.network.timeZone;
  const nameOf = new Map(report.devices.map((device) => [device.id, device.name]));
  const sourceName = sourceNamer(text.t);
  const dayCells = (day: DeviceDayRow): ReportCell[] => [
    nameOf.get(day.deviceId) ?? String(day.deviceId),
    day.date,
    day.onSeconds,
    kWh(day.energyWh),
    sourceName(day.source),
    day.triggers,
  ];
  const deviceDays = report.deviceDays;
  const perDevice: ReportBlock =
    forPdf && deviceDays.count > PDF_DEVICE_DAYS
      ? { kind: 'paragraph', text: L('notes.dailyInFiles', { count: deviceDays.count }) }
      : tableBlock({
          title: L('tables.deviceDays'),
          columns: [
            { label: L('columns.device'), width: 1.6 },
            { label: L('columns.date') },
            { label: L('columns.usageSeconds'), decimals: 0 },
            { label: L('columns.energyKWh'), decimals: 3 },
            { label: L('columns.source') },
            { label: L('columns.triggers'), decimals: 0 },
          ],
          // The PDF prints its rows (at most `PDF_DEVICE_DAYS`); the CSV and XLSX read them a chunk at a time.
          rows: forPdf ? deviceDays.list().map(dayCells) : [],
          more: forPdf ? undefined : deviceDayChunks(deviceDays, dayCells, nameOf, chunkSize),
        });
  return {
    title: L('title.device'),
    lines: [
      L('lines.project', { name: report.network.projectName }),
      L('lines.network', { name: report.network.name }),
      L('lines.period', { period: text.period(report.period, zone) }),
      L('lines.devices', { count: report.devices.length }),
      L('lines.generated', { at: text.instant(report.generatedAt, zone) }),
    ],
    parts: [
      { name: L('sections.devices'), blocks: [tableBlock(devicesTable(text, report, sourceName))] },
      { name: L('sections.days'), blocks: daysBlocks(text, report) },
      { name: L('sections.deviceDays'), blocks: [perDevice] },
    ],
    language: text.language,
    orientation: 'landscape',
  };
}

/**
 * The device-days as rows read a chunk at a time (in the order of `DeviceDays.chunks`), with rows holding
 * each column's widest cell: the names of the devices listed, a date, the figures' extremes (a number's text
 * grows with its size) and the sources named.
 */
function deviceDayChunks(
  deviceDays: DeviceReportData['deviceDays'],
  dayCells: (day: DeviceDayRow) => ReportCell[],
  nameOf: ReadonlyMap<number, string>,
  chunkSize: number,
): ReportTable['more'] {
  const extremes = deviceDays.extremes();
  const widest: ReportCell[][] = [];
  if (deviceDays.count > 0) {
    for (const end of [0, 1] as const) {
      widest.push(
        dayCells({
          deviceId: extremes.deviceIds[0]!,
          date: extremes.date,
          onSeconds: extremes.onSeconds[end],
          energyWh: extremes.energyWh[end],
          source: null,
          triggers: extremes.triggers[end],
        }),
      );
    }
    for (const id of extremes.deviceIds) widest.push([nameOf.get(id) ?? String(id)]);
    for (const source of extremes.sources) {
      widest.push(
        dayCells({ deviceId: extremes.deviceIds[0]!, date: '', onSeconds: 0, energyWh: 0, source, triggers: 0 }),
      );
    }
  }
  return {
    count: deviceDays.count,
    widest,
    *chunks() {
      for (const chunk of deviceDays.chunks(chunkSize)) yield chunk.map(dayCells);
    },
  };
}
