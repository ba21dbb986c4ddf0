import type { ReportMessage } from '@lightwell/domain';
import type { Db } from '../db/client.ts';
import type { Applied, LinkedGateway } from '../link-types.ts';
import { applyCountedReport, applySingleReport, routeReport } from './channels/reports.ts';

/*
 * One report applied outside the link's queue (docs/gateway-protocol.md "Applying messages"): the mesh HTTP
 * calls of section 7. It takes the way a report received over MQTT takes (`routeReport`), one at a time.
 */

/** A device report (consumption, sensor trigger, emergency node) as the MQTT and HTTP paths share it. */
export type DeviceReport = Extract<ReportMessage, { kind: 'consume' | 'sensorTrigger' | 'emergency' }>;

/**
 * Applies one report to what it changes: consumption and triggers as a batch of one (`applyCountedReports`:
 * kept once per gateway and sequence, adding usage time and trigger counts once), diagnoses, button presses
 * and emergency states by their channel. Reports that only telemetry stores (readings, stream starts, lost
 * ranges) and reports stamped more than `CLOCK_AHEAD_MAX_SECONDS` ahead of `now` change nothing here.
 * `usage: false` keeps a `consume` report without adding its on-time: a section-7 call whose readings
 * (`elements`) carry the same on-time, which they add (on-time counts once per report).
 */
export async function applyReport(
  db: Db,
  gateway: LinkedGateway,
  message: ReportMessage | DeviceReport,
  now: Date,
  { usage = true }: { usage?: boolean } = {},
): Promise<Applied> {
  const routed = routeReport(message, now);
  switch (routed.route) {
    case 'store':
      return {};
    case 'count':
      return applyCountedReport(db, gateway, routed.report, now, { usage });
    case 'apply':
      return applySingleReport(db, gateway, routed.report, now);
  }
}
