import type { DeviceReportTarget, EnergySpan } from '@lightwell/domain';
import { isEnergySpan } from '../energy/spans';
import type { ReportPeriodChoice } from './report-period';

/** The print route of the device report (spec section 2). */
const DEVICE_PRINT_PATH = '/report/device/pdf';

/** What the device report printout shows: a network, a period and which of its devices. */
export interface DevicePrintQuery {
  nid: number;
  period: ReportPeriodChoice;
  target: DeviceReportTarget;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ids = (text: string | null) =>
  (text ?? '')
    .split(',')
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number);

/**
 * The address of the printout of a device report: `?nid=` with `span=` or `from=&to=` (local days), and
 * `zones=` or `devices=` (ids, comma-separated) unless it covers the whole network.
 */
export function devicePrintHref({ nid, period, target }: DevicePrintQuery): string {
  const params = new URLSearchParams({ nid: String(nid) });
  if (period.kind === 'span') params.set('span', period.span);
  else {
    params.set('from', period.from);
    params.set('to', period.to);
  }
  if (target.kind !== 'network') params.set(target.kind, target.ids.join(','));
  return `${DEVICE_PRINT_PATH}?${params.toString()}`;
}

/** The printout's query read back from its address; null when it names no network or period. */
export function readDevicePrintQuery(params: URLSearchParams): DevicePrintQuery | null {
  const nid = Number(params.get('nid'));
  if (!Number.isInteger(nid) || nid <= 0) return null;
  const span = params.get('span');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  let period: ReportPeriodChoice;
  if (isEnergySpan(span)) period = { kind: 'span', span: span as EnergySpan };
  else if (DATE.test(from) && DATE.test(to)) period = { kind: 'range', from, to };
  else return null;
  const zones = ids(params.get('zones'));
  const devices = ids(params.get('devices'));
  const target: DeviceReportTarget =
    zones.length > 0
      ? { kind: 'zones', ids: zones }
      : devices.length > 0
        ? { kind: 'devices', ids: devices }
        : { kind: 'network' };
  return { nid, period, target };
}
