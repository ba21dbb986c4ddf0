import type { ReportMessage } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { lockDevices } from './device-locks.ts';
import type { ReportingGateway } from './report-batches.ts';
import { rollupTriggerReports } from './rollups.ts';
import { addUsage } from './usage.ts';

/** A per-device report the link receives by the thousand: a luminaire's consumption or a sensor's triggers. */
export type CountedReport = Extract<ReportMessage, { kind: 'consume' | 'sensorTrigger' }>;

/** One such report with the gateway it came from. */
export interface CountedReportOf {
  gateway: ReportingGateway;
  report: CountedReport;
}

/**
 * Applies `consume` and `sensorTrigger` reports of many gateways together: the one way they are applied, a
 * round of the MQTT drain loop or a single report (a mesh HTTP call) as a batch of one. One statement finds the
 * devices, one transaction keeps each report once per (gateway, seq) in `device_readings`, adds the usage time
 * of the new consumption reports in one update, and files the new trigger reports in their sensors' rollups
 * (`rollupTriggerReports`, under the sensors' telemetry locks, taken before anything is written), which
 * recomputes their trigger counts. Answers the sensors whose state changed, by network. Unknown devices are
 * skipped. `usage: false` keeps consumption reports without adding their on-time: a section-7 call whose
 * readings carry the same on-time, which they add (on-time counts once per report).
 */
export async function applyCountedReports(
  db: Db,
  items: CountedReportOf[],
  now: Date,
  { usage = true }: { usage?: boolean } = {},
): Promise<Map<number, number[]>> {
  const changed = new Map<number, number[]>();
  if (items.length === 0) return changed;
  const pairs = new Map<string, { nid: number; mac: string }>();
  for (const { gateway, report } of items)
    pairs.set(`${gateway.nid}:${report.mac}`, { nid: gateway.nid, mac: report.mac });
  const list = [...pairs.values()];
  const found = await rowsOf<{ id: number; nid: number; mac: string }>(
    db,
    sql`SELECT d.id, d.nid, d.mac FROM unnest(${sql.param(list.map((p) => p.nid))}::int[],
          ${sql.param(list.map((p) => p.mac))}::text[]) AS u(nid, mac)
        JOIN devices d ON d.nid = u.nid AND d.mac = u.mac AND d.is_virtual = false`,
  );
  const idOf = new Map(found.map((row) => [`${row.nid}:${row.mac}`, row.id]));
  const rows: { gatewayId: number; seq: number; deviceId: number; nid: number; report: CountedReport }[] = [];
  const keys = new Set<string>();
  for (const { gateway, report } of items) {
    const deviceId = idOf.get(`${gateway.nid}:${report.mac}`);
    // Unknown devices are skipped; a number named twice in the batch is kept with its first copy.
    if (deviceId === undefined || keys.has(`${gateway.id}:${report.seq}`)) continue;
    keys.add(`${gateway.id}:${report.seq}`);
    rows.push({ gatewayId: gateway.id, seq: report.seq, deviceId, nid: gateway.nid, report });
  }
  if (rows.length === 0) return changed;
  await db.transaction(async (tx) => {
    const sensors = [...new Set(rows.filter((r) => r.report.kind === 'sensorTrigger').map((r) => r.deviceId))];
    if (sensors.length > 0) await lockDevices(tx, sensors);
    const kept = await rowsOf<{ gateway_id: number; seq: string }>(
      tx,
      sql`INSERT INTO device_readings (gateway_id, seq, device_id, kind, at, value)
          SELECT * FROM unnest(${sql.param(rows.map((r) => r.gatewayId))}::int[], ${sql.param(rows.map((r) => r.seq))}::bigint[],
            ${sql.param(rows.map((r) => r.deviceId))}::int[], ${sql.param(rows.map((r) => r.report.kind))}::text[],
            ${sql.param(rows.map((r) => new Date(r.report.at * 1000).toISOString()))}::timestamptz[],
            ${sql.param(
              rows.map((r) =>
                JSON.stringify(
                  r.report.kind === 'consume'
                    ? { onSeconds: r.report.onSeconds, energyWh: r.report.energyWh }
                    : { count: r.report.count },
                ),
              ),
            )}::jsonb[])
          ON CONFLICT DO NOTHING
          RETURNING gateway_id, seq`,
    );
    const fresh = new Set(kept.map((row) => `${row.gateway_id}:${row.seq}`));
    const onTime = new Map<number, number>();
    const triggered = new Map<number, number>();
    const triggers: { deviceId: number; at: Date }[] = [];
    for (const row of rows) {
      if (!fresh.has(`${row.gatewayId}:${row.seq}`)) continue;
      if (row.report.kind === 'consume') {
        if (usage) onTime.set(row.deviceId, (onTime.get(row.deviceId) ?? 0) + row.report.onSeconds);
      } else {
        triggered.set(row.deviceId, row.nid);
        triggers.push({ deviceId: row.deviceId, at: new Date(row.report.at * 1000) });
      }
    }
    await addUsage(tx, onTime, now);
    // Rollups, count and last trigger time come from the stored triggers (telemetry), not an increment.
    await rollupTriggerReports(tx, triggers, now);
    for (const [deviceId, nid] of triggered) changed.set(nid, [...(changed.get(nid) ?? []), deviceId]);
  });
  return changed;
}
