import type { ReportBlock, ReportDocument, ReportTable } from '../../reports/report-document.ts';
import type { DeviceReportData } from './device-report.ts';
import { SOURCE_COLORS } from './project-report-document.ts';
import { hours, kWh, type ReportText } from './report-text.ts';

/** Device-days a PDF lists one by one; beyond, the PDF says the CSV and XLSX hold them. */
export const PDF_DEVICE_DAYS = 10_000;

const tableBlock = (table: ReportTable): ReportBlock => ({ kind: 'table', table });

/**
 * A device report as a document for the PDF, CSV and XLSX writers: the devices with their period figures
 * (and a total row), the selection's days with charts of daily energy and on-time, and each device's days
 * (in a PDF only up to `PDF_DEVICE_DAYS` rows). Labels in the reader's language.
 */
export function deviceReportDocument(text: ReportText, report: DeviceReportData, forPdf: boolean): ReportDocument {
  const { L, t } = text;
  const zone = report.network.timeZone;
  const nameOf = new Map(report.devices.map((device) => [device.id, device.name]));
  const sourceName = (source: string | null) => (source ? t(`energy:source.${source}`) : '');
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
  const devices: ReportTable = {
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
  const perDevice: ReportBlock =
    forPdf && report.deviceDays.length > PDF_DEVICE_DAYS
      ? { kind: 'paragraph', text: L('notes.dailyInFiles', { count: report.deviceDays.length }) }
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
          rows: report.deviceDays.map((day) => [
            nameOf.get(day.deviceId) ?? String(day.deviceId),
            day.date,
            day.onSeconds,
            kWh(day.energyWh),
            sourceName(day.source),
            day.triggers,
          ]),
        });
  const dayLabels = report.days.map((day) => day.date.slice(5));
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
      { name: L('sections.devices'), blocks: [tableBlock(devices)] },
      {
        name: L('sections.days'),
        blocks: [
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
        ],
      },
      { name: L('sections.deviceDays'), blocks: [perDevice] },
    ],
    language: text.language,
    orientation: 'landscape',
  };
}
