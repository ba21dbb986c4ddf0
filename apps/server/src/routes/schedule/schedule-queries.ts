import {
  type AstroEvent,
  type GeoLocation,
  nextRun,
  type OverrideEnd,
  type Schedule,
  type ScheduleAction,
} from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groups, scenes, schedules, zones } from '../../db/schema.ts';
import { type NetworkRow, noPermission } from '../../policies/access.ts';

/** A schedule row. */
export type ScheduleRow = typeof schedules.$inferSelect;

/** A schedule row by id; 1013 when there is none. */
export async function findSchedule(db: Db, scheduleId: number): Promise<ScheduleRow> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, scheduleId)).limit(1);
  if (!row) throw noPermission();
  return row;
}

/** A network's location for astro timers, or null while it has none. */
export function locationOf(network: Pick<NetworkRow, 'latitude' | 'longitude'>): GeoLocation | null {
  return network.latitude === null || network.longitude === null
    ? null
    : { latitude: network.latitude, longitude: network.longitude };
}

/** A schedule row as `nextRun` reads it. */
export function runnable(row: ScheduleRow) {
  return {
    kind: row.kind as 'schedule' | 'astro',
    year: row.year,
    month: row.month,
    day: row.day,
    dayOfWeek: row.dayOfWeek,
    hour: row.hour,
    minute: row.minute,
    second: row.second,
    astroEvent: row.astroEvent as AstroEvent | null,
    astroShift: row.astroShift,
    seed: row.id,
  };
}

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** A schedule as listed, with its next run after `now` in the network's time zone and its manual override. */
export function presentSchedule(
  row: ScheduleRow,
  network: Pick<NetworkRow, 'latitude' | 'longitude' | 'timeZone'>,
  now: Date,
  override: { devices: number; endsAt: Date | null } | null = null,
): Schedule {
  const next = row.enabled ? nextRun(runnable(row), now, network.timeZone, locationOf(network)) : null;
  return {
    id: row.id,
    nid: row.nid,
    kind: row.kind as Schedule['kind'],
    name: row.name,
    enabled: row.enabled,
    targetKind: row.targetKind as Schedule['targetKind'],
    targetId: row.targetId,
    action: row.action as ScheduleAction,
    year: row.year,
    month: row.month,
    day: row.day,
    dayOfWeek: row.dayOfWeek,
    hour: row.hour,
    minute: row.minute,
    second: row.second,
    astroEvent: row.astroEvent as AstroEvent | null,
    astroShift: row.astroShift,
    overrideEnd: row.overrideEnd as OverrideEnd,
    overrideValue: row.overrideValue,
    nextRun: seconds(next),
    lastRun: seconds(row.lastRunAt),
    createTime: seconds(row.createdAt)!,
    override: override ? { devices: override.devices, endsAt: seconds(override.endsAt) } : null,
  };
}

/** Refuses (1013) a scene, group or zone id that is not of network `nid`. */
export async function assertTargetOfNetwork(db: Db, nid: number, kind: string, id: number | null): Promise<void> {
  if (kind === 'network' || id === null) return;
  const table = kind === 'scene' ? scenes : kind === 'group' ? groups : zones;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.nid, nid)))
    .limit(1);
  if (!row) throw noPermission();
}
