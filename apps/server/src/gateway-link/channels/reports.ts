import { isStampedAhead, type ReportMessage } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gatewayDiagnoses, gateways } from '../../db/schema.ts';
import type { Applied, LinkedGateway } from '../../link-types.ts';
import { applyCountedReports, type CountedReport } from '../../telemetry/index.ts';
import { applyButtonPress } from './buttons.ts';
import { applyEmergency } from './emergency.ts';

/*
 * The `report` channel (docs/gateway-protocol.md "Durable reports"): where each report goes on its way to
 * the database. Readings, stream starts and lost ranges go straight to telemetry (stored, then confirmed);
 * consumption and triggers are counted reports, applied together; diagnoses, button presses and emergency
 * states are applied one at a time. Every report is then stored (its receipt) and confirmed.
 */

/** A report applied one at a time before it is stored: a diagnosis, a button press, an emergency state. */
export type SingleReport = Extract<ReportMessage, { kind: 'diagnosis' | 'buttonPress' | 'emergency' }>;

/** A report and the way it takes (`routeReport`). */
export type RoutedReport =
  | { route: 'store'; report: ReportMessage }
  | { route: 'count'; report: CountedReport }
  | { route: 'apply'; report: SingleReport };

/**
 * The way a report takes: `store` straight to telemetry (readings, stream starts, lost ranges, and any report
 * stamped too far ahead, which is only kept so that its receipt is confirmed and the clock fault filed),
 * `count` for consumption and triggers, `apply` for the others.
 */
export function routeReport(report: ReportMessage, now: Date): RoutedReport {
  if (isStampedAhead(report, now)) return { route: 'store', report };
  switch (report.kind) {
    case 'readings':
    case 'streamStart':
    case 'lost':
      return { route: 'store', report };
    case 'consume':
    case 'sensorTrigger':
      return { route: 'count', report };
    default:
      return { route: 'apply', report };
  }
}

/** Applies a report of the `apply` way to what it changes: diagnoses, buttons or emergency fittings. */
export function applySingleReport(db: Db, gateway: LinkedGateway, report: SingleReport, now: Date): Promise<Applied> {
  switch (report.kind) {
    case 'diagnosis':
      return applyDiagnosis(db, gateway, report, now);
    case 'buttonPress':
      return applyButtonPress(db, gateway, report);
    case 'emergency':
      return applyEmergency(db, gateway, report, now);
  }
}

/** Applies one counted report as a batch of one (`applyCountedReports`); a sensor it changed is a device change. */
export async function applyCountedReport(
  db: Db,
  gateway: LinkedGateway,
  report: CountedReport,
  now: Date,
  options: { usage?: boolean } = {},
): Promise<Applied> {
  const changed = await applyCountedReports(db, [{ gateway, report }], now, options);
  for (const [nid, ids] of changed) return { devices: { nid, ids } };
  return {};
}

/** A gateway's diagnosis, kept once (gateway, time, code, message) in its diagnosis list. */
async function applyDiagnosis(
  db: Db,
  gateway: LinkedGateway,
  message: Extract<ReportMessage, { kind: 'diagnosis' }>,
  now: Date,
): Promise<Applied> {
  const at = new Date(message.at * 1000);
  const [existing] = await db
    .select({ id: gatewayDiagnoses.id })
    .from(gatewayDiagnoses)
    .where(
      and(
        eq(gatewayDiagnoses.gatewayId, gateway.id),
        eq(gatewayDiagnoses.at, at),
        eq(gatewayDiagnoses.code, message.code),
        eq(gatewayDiagnoses.message, message.message),
      ),
    )
    .limit(1);
  if (!existing) {
    await db
      .insert(gatewayDiagnoses)
      .values({ gatewayId: gateway.id, level: message.level, code: message.code, message: message.message, at });
  }
  await db.update(gateways).set({ lastSeenAt: now }).where(eq(gateways.id, gateway.id));
  return {};
}
