import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { type CounterReading, counterDeltaWh } from './energy-delta.ts';
import type { ReadingRow } from './reading-rows.ts';

interface StoredCounter {
  device_id: number;
  element: number;
  gateway_id: number;
  seq: string;
  at: Date | string;
  energy_raw: string;
  energy_scale: number;
  energy_serial: string;
  delta_wh: string | null;
  delta_status: string | null;
  spread_from: Date | string | null;
  /** False for the anchor (the last stored reading before the earliest new one), true for those after it. */
  later: boolean;
}

/** A counter reading in the order deltas are taken: by time, then report number. */
interface Step extends CounterReading {
  seq: number;
  /** The new row (its delta is set before it is inserted), or the stored row (updated when its delta moves). */
  row: ReadingRow | null;
  stored: StoredCounter | null;
}

/** A stored row whose delta changed because an older reading arrived after it. */
export interface DeltaUpdate {
  gatewayId: number;
  seq: string;
  deviceId: number;
  element: number;
  at: Date;
  wh: string;
  status: string;
  spreadFrom: Date | null;
}

/** What setting the deltas answers: the stored rows to update, and the times whose rollups move beyond the rows'. */
export interface AssignedDeltas {
  /** Stored rows whose delta (or spread mark) moved. */
  moved: DeltaUpdate[];
  /**
   * By device, an instant in each hour of a gap a delta is now spread over (new rows and moved stored rows), or
   * was spread over before it moved: the rollups of those hours (and their days) change too.
   */
  spreadTimes: Map<number, Date[]>;
}

const HOUR_MS = 3_600_000;

/** An instant in each UTC hour overlapping (from, to]: the hour's start, which the rollups file under that hour. */
function hourStartsBetween(from: Date, to: Date): Date[] {
  const starts: Date[] = [];
  for (let start = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS; start < to.getTime(); start += HOUR_MS) {
    starts.push(new Date(start));
  }
  return starts;
}

/**
 * Sets the counter delta of each new energy row (before it is inserted) from the readings stored around it.
 * One statement reads, per device element with new energy readings, the last stored reading before the
 * earliest new one (the anchor: one backward step on the (device, time) index, whatever the history's length)
 * and any stored reading at or after it (only when older readings arrive late, e.g. a replay; a per-element
 * index range, never a scan of the table). In the usual order (new readings after every stored one) that is one short index range per
 * element and nothing stored changes; otherwise the stored rows whose delta moves are answered, to be updated.
 * Caller holds the devices' locks (store-reports.ts), so no other writer adds a neighbour meanwhile.
 */
export async function assignDeltas(
  db: Db,
  rows: ReadingRow[],
  ratedPowerOf: Map<number, number | null>,
): Promise<AssignedDeltas> {
  const { byElement, earliest } = newSteps(rows);
  const spreadTimes = new Map<number, Date[]>();
  if (earliest.size === 0) return { moved: [], spreadTimes };
  const spreadOver = (deviceId: number, from: Date | null, to: Date) => {
    if (!from) return;
    const list = spreadTimes.get(deviceId);
    if (list) list.push(...hourStartsBetween(from, to));
    else spreadTimes.set(deviceId, hourStartsBetween(from, to));
  };
  const stored = await storedAround(db, [...earliest.values()]);
  const anchors = anchorsAndLater(stored, byElement);
  const moved = takeDeltas(byElement, anchors, ratedPowerOf, spreadOver);
  return { moved, spreadTimes };
}

/** The new energy rows as steps by device element (`deviceId:element`), and each element's earliest. */
function newSteps(rows: readonly ReadingRow[]) {
  const byElement = new Map<string, Step[]>();
  const earliest = new Map<string, { deviceId: number; element: number; at: Date }>();
  for (const row of rows) {
    if (row.energyRaw === null) continue;
    const key = `${row.deviceId}:${row.element}`;
    const step: Step = {
      raw: row.energyRaw,
      scale: row.energyScale ?? 0,
      serial: row.energySerial ?? '',
      at: row.at,
      seq: row.seq,
      row,
      stored: null,
    };
    const list = byElement.get(key);
    if (list) list.push(step);
    else byElement.set(key, [step]);
    const known = earliest.get(key);
    if (!known || row.at < known.at) earliest.set(key, { deviceId: row.deviceId, element: row.element, at: row.at });
  }
  return { byElement, earliest };
}

/**
 * Per device element, the last stored reading before the earliest new one (the anchor) and any stored
 * reading at or after it (`later`).
 */
async function storedAround(
  db: Db,
  touched: readonly { deviceId: number; element: number; at: Date }[],
): Promise<StoredCounter[]> {
  return rowsOf<StoredCounter>(
    db,
    sql`WITH t(device_id, element, min_at) AS (
          SELECT * FROM unnest(${sql.param(touched.map((t) => t.deviceId))}::int[],
            ${sql.param(touched.map((t) => t.element))}::smallint[],
            ${sql.param(touched.map((t) => t.at.toISOString()))}::timestamptz[]))
        SELECT t.device_id, t.element, a.gateway_id, a.seq, a.at, a.energy_raw, a.energy_scale, a.energy_serial,
          a.delta_wh::text AS delta_wh, a.delta_status, a.spread_from, false AS later
        FROM t CROSS JOIN LATERAL (SELECT * FROM telemetry_readings x WHERE x.device_id = t.device_id
          AND x.element = t.element AND x.energy_raw IS NOT NULL
          AND x.at = (SELECT y.at FROM telemetry_readings y WHERE y.device_id = t.device_id AND y.element = t.element
            AND y.at < t.min_at AND y.energy_raw IS NOT NULL ORDER BY y.at DESC LIMIT 1)) AS a
        UNION ALL
        SELECT t.device_id, t.element, l.gateway_id, l.seq, l.at, l.energy_raw, l.energy_scale, l.energy_serial,
          l.delta_wh::text AS delta_wh, l.delta_status, l.spread_from, true AS later
        FROM t CROSS JOIN LATERAL (SELECT * FROM telemetry_readings x WHERE x.device_id = t.device_id
          AND x.element = t.element AND x.at >= t.min_at AND x.energy_raw IS NOT NULL OFFSET 0) AS l`,
  );
}

/** The anchor of each device element; the stored readings after it join its steps. */
function anchorsAndLater(
  stored: readonly StoredCounter[],
  byElement: Map<string, Step[]>,
): Map<string, CounterReading & { seq: number }> {
  const anchors = new Map<string, CounterReading & { seq: number }>();
  for (const row of stored) {
    const key = `${row.device_id}:${row.element}`;
    const reading = {
      raw: Number(row.energy_raw),
      scale: row.energy_scale,
      serial: row.energy_serial,
      at: new Date(row.at),
    };
    if (!row.later) {
      // Readings at the anchor's very time: the last by report number is the anchor.
      const known = anchors.get(key);
      if (!known || known.seq < Number(row.seq)) anchors.set(key, { ...reading, seq: Number(row.seq) });
      continue;
    }
    byElement.get(key)?.push({ ...reading, seq: Number(row.seq), row: null, stored: row });
  }
  return anchors;
}

/**
 * Takes each element's deltas in order from its anchor: a new row's delta is set on it; a stored row whose
 * delta or spread mark moved is answered. `spreadOver` is told each gap a delta is, or was, spread over.
 */
function takeDeltas(
  byElement: Map<string, Step[]>,
  anchors: Map<string, CounterReading & { seq: number }>,
  ratedPowerOf: Map<number, number | null>,
  spreadOver: (deviceId: number, from: Date | null, to: Date) => void,
): DeltaUpdate[] {
  const updates: DeltaUpdate[] = [];
  for (const [key, steps] of byElement) {
    steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
    const deviceId = Number(key.slice(0, key.indexOf(':')));
    const rated = ratedPowerOf.get(deviceId) ?? null;
    let previous: CounterReading | null = anchors.get(key) ?? null;
    for (const step of steps) {
      // The one call site of the counter rule (energy-delta.ts). A counted delta over a gap is marked with
      // the gap's start (`spread_from`): the rollups spread it over the gap's hours.
      const delta = counterDeltaWh(previous, step, rated);
      const spreadFrom = delta.spread && previous ? previous.at : null;
      previous = step;
      if (step.row) {
        step.row.deltaWh = delta.wh;
        step.row.deltaStatus = delta.status;
        step.row.spreadFrom = spreadFrom;
        spreadOver(deviceId, spreadFrom, step.at);
        continue;
      }
      const row = step.stored!;
      const storedFrom = row.spread_from === null ? null : new Date(row.spread_from);
      if (
        row.delta_status === delta.status &&
        row.delta_wh !== null &&
        Number(row.delta_wh) === Number(delta.wh) &&
        storedFrom?.getTime() === spreadFrom?.getTime()
      )
        continue;
      updates.push({
        gatewayId: row.gateway_id,
        seq: row.seq,
        deviceId: row.device_id,
        element: row.element,
        at: step.at,
        wh: delta.wh,
        status: delta.status,
        spreadFrom,
      });
      // Every hour of a gap the delta is now, or was, spread over.
      spreadOver(deviceId, spreadFrom, step.at);
      spreadOver(deviceId, storedFrom, step.at);
    }
  }
  return updates;
}

/** Writes the moved deltas and spread marks of stored rows (readings that arrived out of order). */
export async function updateDeltas(db: Db, updates: DeltaUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await db.execute(
    sql`UPDATE telemetry_readings r SET delta_wh = u.wh, delta_status = u.status, spread_from = u.spread_from
        FROM unnest(${sql.param(updates.map((u) => u.gatewayId))}::int[], ${sql.param(updates.map((u) => u.seq))}::bigint[],
          ${sql.param(updates.map((u) => u.deviceId))}::int[], ${sql.param(updates.map((u) => u.element))}::smallint[],
          ${sql.param(updates.map((u) => u.at.toISOString()))}::timestamptz[], ${sql.param(updates.map((u) => u.wh))}::numeric[],
          ${sql.param(updates.map((u) => u.status))}::text[],
          ${sql.param(updates.map((u) => u.spreadFrom?.toISOString() ?? null))}::timestamptz[])
          AS u(gateway_id, seq, device_id, element, at, wh, status, spread_from)
        WHERE r.gateway_id = u.gateway_id AND r.seq = u.seq AND r.device_id = u.device_id
          AND r.element = u.element AND r.at = u.at`,
  );
}
