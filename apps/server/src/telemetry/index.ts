/* Readings, durable report delivery, rollups and gaps (docs/gateway-protocol.md "Durable reports"). */
export { applyCountedReports, type CountedReport, type CountedReportOf } from './device-reports.ts';
export { rollupMonths } from './month-rollups.ts';
export { localMonthOf, monthOf, nextMonth } from './months.ts';
export { dropExpiredReadings, pruneReceipts, RECEIPT_DAYS } from './retention.ts';
export { rezoneRollups, rollupsInZone, rollupsZoneOnChange } from './rezone.ts';
export { atWithin, RATED_CAPPED_SECONDS } from './rollups.ts';
export { RESEND_REQUEST_INTERVAL_MS } from './sequence.ts';
export { type GatewayReports, reportMarks, type StoreOutcome, storeReports } from './store-reports.ts';
export { CELL_SUMS, cellSums, deviceZones, isLuminaireKind, isSensorKind } from './week-cells.ts';
