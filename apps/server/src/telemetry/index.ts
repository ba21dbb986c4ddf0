/* Readings, durable report delivery, rollups and gaps (docs/gateway-protocol.md "Durable reports"). */
export { applyCountedReports, type CountedReport, type CountedReportOf } from './device-reports.ts';
export { counterDeltaWh } from './energy-delta.ts';
export { MONTH_SETTLE_MS, rollupMonths } from './month-rollups.ts';
export { dropExpiredReadings, pruneReceipts, RECEIPT_DAYS } from './retention.ts';
export { rezoneRollups, rollupsInZone, rollupsZoneOnChange } from './rezone.ts';
export { RESEND_REQUEST_INTERVAL_MS } from './sequence.ts';
export { type GatewayReports, reportMarks, type StoreOutcome, storeReports } from './store-reports.ts';
