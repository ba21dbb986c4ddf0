import { type DiagnosisSensorResult, flagSensor, readingsPerMinute } from '@lightwell/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { atWithin } from '../../telemetry/index.ts';

/** A task's range and interval, and the sensors it watches. */
export interface DiagnosisRange {
  deviceIds: number[];
  start: Date;
  /** Results up to this instant: the end, the cancel time, or now while executing. */
  until: Date;
  intervalSeconds: number;
  /** The range has been watched to its end (executed or canceled): only then is "never triggered" said. */
  finished: boolean;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/*
 * The stored triggers of a sensor come two ways (docs/gateway-protocol.md): `sensorTrigger` reports
 * (`device_readings`), each a moment with its count, and `readings` reports (`telemetry_readings.triggers`),
 * each counting the triggers since the sensor's previous report. Both are counted at their stamp `at`, in
 * the range [start, until) and the interval [start + i × interval, start + (i + 1) × interval) holding it:
 * the rule of the hourly rollups, heat maps and sensor totals (packages/domain/src/energy/instants.ts). A
 * section-7 trigger call stores both under one number: it is counted once, as the reading, as the rollups do,
 * but it is a moment like any `sensorTrigger` report (`moment`): the 60-second window slides over it, and
 * its triggers are not spread over the time since the sensor's previous report.
 */
function events(range: DiagnosisRange): SQL {
  const ids = sql.param(range.deviceIds);
  const start = sql`${sql.param(range.start.toISOString())}::timestamptz`;
  const until = sql`${sql.param(range.until.toISOString())}::timestamptz`;
  return sql`points AS (
      SELECT x.device_id, x.at, (x.value->>'count')::int AS n FROM device_readings x
      WHERE x.kind = 'sensorTrigger' AND x.device_id = ANY(${ids}::int[])
        AND ${atWithin(sql`x.at`, start, until)} AND (x.value->>'count')::int > 0
        AND NOT EXISTS (SELECT 1 FROM telemetry_readings r WHERE r.gateway_id = x.gateway_id AND r.seq = x.seq
          AND r.device_id = x.device_id AND r.at = x.at AND r.triggers IS NOT NULL)),
    spans AS (
      SELECT r.device_id, r.at, r.triggers AS n,
        extract(epoch FROM r.at - lag(r.at) OVER (PARTITION BY r.device_id, r.element ORDER BY r.at))::float8 AS span,
        EXISTS (SELECT 1 FROM device_readings x WHERE x.gateway_id = r.gateway_id AND x.seq = r.seq
          AND x.device_id = r.device_id AND x.at = r.at AND x.kind = 'sensorTrigger') AS moment
      FROM telemetry_readings r
      WHERE r.device_id = ANY(${ids}::int[]) AND r.triggers IS NOT NULL
        AND ${atWithin(sql`r.at`, sql`${start} - interval '1 day'`, until)}),
    readings AS (SELECT device_id, at, n, span, moment FROM spans WHERE at >= ${start} AND n > 0),
    moments AS (
      SELECT device_id, at, n FROM points UNION ALL SELECT device_id, at, n FROM readings WHERE moment),
    events AS (
      SELECT device_id, at, n, extract(epoch FROM at - ${start})::float8 AS offset_s FROM points
      UNION ALL
      SELECT device_id, at, n, extract(epoch FROM at - ${start})::float8 FROM readings)`;
}

interface BucketRow {
  device_id: number;
  bucket: number;
  count: number;
  first_at: string | Date;
  last_at: string | Date;
}

const epoch = (value: string | Date) => Math.floor(new Date(value).getTime() / 1000);

/**
 * Each sensor's triggers per interval of the range, first and last trigger, peak within 60 seconds and
 * flags (section 5; rules in packages/domain/src/sensor-diagnosis), counted from the stored triggers.
 */
export async function diagnosisResults(
  db: Db,
  range: DiagnosisRange,
  sensors: { id: number; name: string; mac: string }[],
): Promise<DiagnosisSensorResult[]> {
  if (range.deviceIds.length === 0) return [];
  const interval = sql.param(range.intervalSeconds);
  const buckets = await rows<BucketRow>(
    db,
    sql`WITH ${events(range)}
        SELECT device_id, floor(offset_s / ${interval}::float8)::int AS bucket, sum(n)::int AS count,
          min(at) AS first_at, max(at) AS last_at
        FROM events GROUP BY device_id, bucket ORDER BY device_id, bucket`,
  );
  const pointPeaks = await rows<{ device_id: number; peak: number }>(
    db,
    sql`WITH ${events(range)}
        SELECT device_id, max(w)::int AS peak FROM (
          SELECT device_id, sum(n) OVER (PARTITION BY device_id ORDER BY at
            RANGE BETWEEN interval '60 seconds' PRECEDING AND CURRENT ROW) AS w FROM moments) p
        GROUP BY device_id`,
  );
  const readingSpans = await rows<{ device_id: number; n: number; span: number | null }>(
    db,
    sql`WITH ${events(range)} SELECT device_id, n, span FROM readings WHERE NOT moment`,
  );
  const peak = new Map(pointPeaks.map((row) => [row.device_id, Number(row.peak)]));
  for (const row of readingSpans) {
    const rate = readingsPerMinute(Number(row.n), row.span === null ? null : Number(row.span));
    peak.set(row.device_id, Math.max(peak.get(row.device_id) ?? 0, rate));
  }
  const byDevice = new Map<number, BucketRow[]>();
  for (const row of buckets) byDevice.set(row.device_id, [...(byDevice.get(row.device_id) ?? []), row]);
  return sensors.map((sensor) => {
    const own = byDevice.get(sensor.id) ?? [];
    const total = own.reduce((sum, row) => sum + Number(row.count), 0);
    const peakPerMinute = Math.round((peak.get(sensor.id) ?? 0) * 100) / 100;
    return {
      deviceId: sensor.id,
      name: sensor.name,
      mac: sensor.mac,
      total,
      buckets: own.map((row) => ({ index: Number(row.bucket), count: Number(row.count) })),
      firstTime: own.length > 0 ? Math.min(...own.map((row) => epoch(row.first_at))) : null,
      lastTime: own.length > 0 ? Math.max(...own.map((row) => epoch(row.last_at))) : null,
      peakPerMinute,
      ...flagSensor({ total, peakPerMinute }, range.finished),
    };
  });
}
