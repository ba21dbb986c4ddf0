import { CLOCK_AHEAD_CODE, epochSecondsOrNull, type Gateway } from '@lightwell/domain';
import { and, count, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { gatewayDiagnoses } from '../schema.ts';

/** Per gateway, its reports refused for a clock ahead (its `clockAhead` diagnosis entries) and the last one. */
export async function clockAheadOf(db: Db, ids: number[]): Promise<Map<number, Gateway['clockAhead']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ gatewayId: gatewayDiagnoses.gatewayId, count: count(), lastAt: max(gatewayDiagnoses.at) })
    .from(gatewayDiagnoses)
    .where(and(inArray(gatewayDiagnoses.gatewayId, ids), eq(gatewayDiagnoses.code, CLOCK_AHEAD_CODE)))
    .groupBy(gatewayDiagnoses.gatewayId);
  return new Map(
    rows.map((row) => [row.gatewayId, { count: Number(row.count), lastAt: epochSecondsOrNull(row.lastAt) }]),
  );
}
