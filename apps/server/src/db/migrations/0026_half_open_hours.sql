-- One rule for the hour and local date a reading or trigger report belongs to: the one holding its stamp,
-- half-open [start, end) (packages/domain/src/energy/instants.ts; docs/decisions.md "Which hour a trigger
-- belongs to"). Rollups written before filed a reading stamped exactly on an hour (or on local midnight) in
-- the hour (or date) before, and left `sensorTrigger` reports out. This moves what such readings brought
-- from the old bucket to the new one (exact, whatever retention has dropped: only those readings are read),
-- adds the trigger reports, recounts the days' hour counts, the sensors' trigger counts, and marks the closed
-- months they change stale, so the `rollup-months` job sums them and their heat-map cells again.
-- Readings at whole UTC hours (their hour moves) or at local midnight in the zone the days are in (their
-- date moves); local midnights lie on quarter hours.
CREATE TEMP TABLE "stamp_moves" AS
SELECT r."device_id", z."zone",
  to_timestamp(floor(extract(epoch FROM r."at" - interval '1 millisecond') / 3600) * 3600) AS "old_hour",
  to_timestamp(floor(extract(epoch FROM r."at") / 3600) * 3600) AS "new_hour",
  ((r."at" - interval '1 millisecond') AT TIME ZONE z."zone")::date AS "old_day",
  (r."at" AT TIME ZONE z."zone")::date AS "new_day",
  coalesce(sum(r."delta_wh") FILTER (WHERE r."delta_status" = 'counted' AND r."spread_from" IS NULL), 0) AS "energy_wh",
  coalesce(sum(r."delta_wh") FILTER (WHERE r."delta_status" = 'counted' AND r."spread_from" IS NULL
    AND r."energy_source" = 'd4i'), 0) AS "d4i_wh",
  coalesce(sum(r."delta_wh") FILTER (WHERE r."delta_status" = 'counted' AND r."spread_from" IS NULL
    AND r."energy_source" = 'meter'), 0) AS "meter_wh",
  coalesce(sum(r."delta_wh") FILTER (WHERE r."delta_status" = 'quarantined'), 0) AS "quarantined_wh",
  coalesce(sum(r."on_seconds"), 0) AS "on_seconds", coalesce(sum(r."triggers"), 0) AS "triggers",
  coalesce(sum(r."occupied_seconds"), 0) AS "occupied_seconds", count(*) AS "readings",
  coalesce(sum(coalesce(r."rated_seconds", r."on_seconds")), 0) AS "rated_seconds",
  coalesce(sum(r."on_seconds") FILTER (WHERE r."mean_lightness" IS NOT NULL), 0) AS "level_seconds"
FROM "telemetry_readings" r
JOIN (SELECT d."id", coalesce(n."rollups_time_zone", n."time_zone") AS "zone"
      FROM "devices" d JOIN "networks" n ON n."id" = d."nid") z ON z."id" = r."device_id"
WHERE mod(extract(epoch FROM r."at"), 900) = 0
  AND (mod(extract(epoch FROM r."at"), 3600) = 0
    OR ((r."at" - interval '1 millisecond') AT TIME ZONE z."zone")::date <> (r."at" AT TIME ZONE z."zone")::date)
GROUP BY r."device_id", r."at", z."zone";
--> statement-breakpoint
UPDATE "telemetry_hourly" h SET "energy_wh" = h."energy_wh" - m."energy_wh", "d4i_wh" = h."d4i_wh" - m."d4i_wh",
  "meter_wh" = h."meter_wh" - m."meter_wh", "quarantined_wh" = h."quarantined_wh" - m."quarantined_wh",
  "on_seconds" = h."on_seconds" - m."on_seconds", "triggers" = h."triggers" - m."triggers",
  "occupied_seconds" = h."occupied_seconds" - m."occupied_seconds", "readings" = h."readings" - m."readings",
  "rated_seconds" = h."rated_seconds" - m."rated_seconds", "level_seconds" = h."level_seconds" - m."level_seconds"
FROM (SELECT "device_id", "old_hour", sum("energy_wh") AS "energy_wh", sum("d4i_wh") AS "d4i_wh",
        sum("meter_wh") AS "meter_wh", sum("quarantined_wh") AS "quarantined_wh", sum("on_seconds") AS "on_seconds",
        sum("triggers") AS "triggers", sum("occupied_seconds") AS "occupied_seconds", sum("readings") AS "readings",
        sum("rated_seconds") AS "rated_seconds", sum("level_seconds") AS "level_seconds"
      FROM "stamp_moves" WHERE "old_hour" <> "new_hour" GROUP BY "device_id", "old_hour") m
WHERE h."device_id" = m."device_id" AND h."hour" = m."old_hour";
--> statement-breakpoint
INSERT INTO "telemetry_hourly" ("device_id", "hour", "energy_wh", "d4i_wh", "meter_wh", "quarantined_wh", "on_seconds",
  "triggers", "occupied_seconds", "readings", "rated_seconds", "level_seconds", "spread_wh")
SELECT "device_id", "new_hour", sum("energy_wh"), sum("d4i_wh"), sum("meter_wh"), sum("quarantined_wh"),
  sum("on_seconds"), sum("triggers"), sum("occupied_seconds"), sum("readings"), sum("rated_seconds"),
  sum("level_seconds"), 0
FROM "stamp_moves" WHERE "old_hour" <> "new_hour" GROUP BY "device_id", "new_hour"
ON CONFLICT ("device_id", "hour") DO UPDATE SET "energy_wh" = "telemetry_hourly"."energy_wh" + excluded."energy_wh",
  "d4i_wh" = "telemetry_hourly"."d4i_wh" + excluded."d4i_wh", "meter_wh" = "telemetry_hourly"."meter_wh" + excluded."meter_wh",
  "quarantined_wh" = "telemetry_hourly"."quarantined_wh" + excluded."quarantined_wh",
  "on_seconds" = "telemetry_hourly"."on_seconds" + excluded."on_seconds",
  "triggers" = "telemetry_hourly"."triggers" + excluded."triggers",
  "occupied_seconds" = "telemetry_hourly"."occupied_seconds" + excluded."occupied_seconds",
  "readings" = "telemetry_hourly"."readings" + excluded."readings",
  "rated_seconds" = "telemetry_hourly"."rated_seconds" + excluded."rated_seconds",
  "level_seconds" = "telemetry_hourly"."level_seconds" + excluded."level_seconds";
--> statement-breakpoint
-- An hour left without anything (its only reading moved on, no gap's delta spread over it) is no hour of data.
DELETE FROM "telemetry_hourly" h USING (SELECT DISTINCT "device_id", "old_hour" FROM "stamp_moves"
    WHERE "old_hour" <> "new_hour") m
WHERE h."device_id" = m."device_id" AND h."hour" = m."old_hour" AND h."readings" = 0 AND h."triggers" = 0
  AND h."energy_wh" = 0 AND h."spread_wh" = 0 AND h."quarantined_wh" = 0 AND h."on_seconds" = 0
  AND h."occupied_seconds" = 0
  AND NOT EXISTS (SELECT 1 FROM "telemetry_readings" s WHERE s."device_id" = h."device_id"
    AND s."spread_from" IS NOT NULL AND s."delta_status" = 'counted' AND s."at" > h."hour"
    AND s."spread_from" < h."hour" + interval '1 hour');
--> statement-breakpoint
UPDATE "telemetry_daily" t SET "energy_wh" = t."energy_wh" - m."energy_wh", "d4i_wh" = t."d4i_wh" - m."d4i_wh",
  "meter_wh" = t."meter_wh" - m."meter_wh", "quarantined_wh" = t."quarantined_wh" - m."quarantined_wh",
  "on_seconds" = t."on_seconds" - m."on_seconds", "triggers" = t."triggers" - m."triggers",
  "occupied_seconds" = t."occupied_seconds" - m."occupied_seconds", "readings" = t."readings" - m."readings",
  "rated_seconds" = t."rated_seconds" - m."rated_seconds", "level_seconds" = t."level_seconds" - m."level_seconds"
FROM (SELECT "device_id", "old_day", sum("energy_wh") AS "energy_wh", sum("d4i_wh") AS "d4i_wh",
        sum("meter_wh") AS "meter_wh", sum("quarantined_wh") AS "quarantined_wh", sum("on_seconds") AS "on_seconds",
        sum("triggers") AS "triggers", sum("occupied_seconds") AS "occupied_seconds", sum("readings") AS "readings",
        sum("rated_seconds") AS "rated_seconds", sum("level_seconds") AS "level_seconds"
      FROM "stamp_moves" WHERE "old_day" <> "new_day" GROUP BY "device_id", "old_day") m
WHERE t."device_id" = m."device_id" AND t."day" = m."old_day";
--> statement-breakpoint
INSERT INTO "telemetry_daily" ("device_id", "day", "energy_wh", "d4i_wh", "meter_wh", "quarantined_wh", "on_seconds",
  "triggers", "occupied_seconds", "readings", "rated_seconds", "level_seconds", "spread_wh")
SELECT "device_id", "new_day", sum("energy_wh"), sum("d4i_wh"), sum("meter_wh"), sum("quarantined_wh"),
  sum("on_seconds"), sum("triggers"), sum("occupied_seconds"), sum("readings"), sum("rated_seconds"),
  sum("level_seconds"), 0
FROM "stamp_moves" WHERE "old_day" <> "new_day" GROUP BY "device_id", "new_day"
ON CONFLICT ("device_id", "day") DO UPDATE SET "energy_wh" = "telemetry_daily"."energy_wh" + excluded."energy_wh",
  "d4i_wh" = "telemetry_daily"."d4i_wh" + excluded."d4i_wh", "meter_wh" = "telemetry_daily"."meter_wh" + excluded."meter_wh",
  "quarantined_wh" = "telemetry_daily"."quarantined_wh" + excluded."quarantined_wh",
  "on_seconds" = "telemetry_daily"."on_seconds" + excluded."on_seconds",
  "triggers" = "telemetry_daily"."triggers" + excluded."triggers",
  "occupied_seconds" = "telemetry_daily"."occupied_seconds" + excluded."occupied_seconds",
  "readings" = "telemetry_daily"."readings" + excluded."readings",
  "rated_seconds" = "telemetry_daily"."rated_seconds" + excluded."rated_seconds",
  "level_seconds" = "telemetry_daily"."level_seconds" + excluded."level_seconds";
--> statement-breakpoint
-- Trigger reports, by the hour and local date holding their stamp; one a reading of the same number also
-- counted (a section-7 call with readings) is counted once, as the reading.
CREATE TEMP TABLE "report_triggers" AS
SELECT x."device_id", z."zone", to_timestamp(floor(extract(epoch FROM x."at") / 3600) * 3600) AS "hour",
  (x."at" AT TIME ZONE z."zone")::date AS "day", sum((x."value"->>'count')::bigint) AS "triggers"
FROM "device_readings" x
JOIN (SELECT d."id", coalesce(n."rollups_time_zone", n."time_zone") AS "zone"
      FROM "devices" d JOIN "networks" n ON n."id" = d."nid") z ON z."id" = x."device_id"
WHERE x."kind" = 'sensorTrigger'
  AND NOT EXISTS (SELECT 1 FROM "telemetry_readings" r WHERE r."gateway_id" = x."gateway_id" AND r."seq" = x."seq"
    AND r."device_id" = x."device_id" AND r."at" = x."at" AND r."triggers" IS NOT NULL)
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "telemetry_hourly" ("device_id", "hour", "energy_wh", "d4i_wh", "meter_wh", "quarantined_wh", "on_seconds",
  "triggers", "occupied_seconds", "readings", "spread_wh")
SELECT "device_id", "hour", 0, 0, 0, 0, 0, sum("triggers"), 0, 0, 0 FROM "report_triggers" GROUP BY "device_id", "hour"
ON CONFLICT ("device_id", "hour") DO UPDATE SET "triggers" = "telemetry_hourly"."triggers" + excluded."triggers";
--> statement-breakpoint
INSERT INTO "telemetry_daily" ("device_id", "day", "energy_wh", "d4i_wh", "meter_wh", "quarantined_wh", "on_seconds",
  "triggers", "occupied_seconds", "readings", "spread_wh")
SELECT "device_id", "day", 0, 0, 0, 0, 0, sum("triggers"), 0, 0, 0 FROM "report_triggers" GROUP BY "device_id", "day"
ON CONFLICT ("device_id", "day") DO UPDATE SET "triggers" = "telemetry_daily"."triggers" + excluded."triggers";
--> statement-breakpoint
-- The hour counts of the days whose hours changed: of the hours starting on the local date.
UPDATE "telemetry_daily" t SET ("hours_reported", "hours_meter", "hours_d4i", "on_capped_seconds",
    "rated_capped_seconds") = (
  SELECT count(*) FILTER (WHERE h."readings" > 0), count(*) FILTER (WHERE h."meter_wh" > 0),
    count(*) FILTER (WHERE h."d4i_wh" > 0),
    coalesce(sum(least(h."on_seconds", 3600)) FILTER (WHERE h."readings" > 0), 0),
    coalesce(sum(CASE WHEN h."readings" = 0 THEN 0 WHEN h."on_seconds" > 3600
      THEN h."rated_seconds" * 3600 / h."on_seconds" ELSE h."rated_seconds" END), 0)
  FROM "telemetry_hourly" h
  WHERE h."device_id" = t."device_id" AND h."hour" >= (t."day"::timestamp AT TIME ZONE a."zone") - interval '1 hour'
    AND h."hour" < ((t."day" + 1)::timestamp AT TIME ZONE a."zone") AND (h."hour" AT TIME ZONE a."zone")::date = t."day")
FROM (SELECT "device_id", "zone", ("old_hour" AT TIME ZONE "zone")::date AS "day" FROM "stamp_moves"
      WHERE "old_hour" <> "new_hour"
      UNION
      SELECT "device_id", "zone", ("new_hour" AT TIME ZONE "zone")::date FROM "stamp_moves"
      WHERE "old_hour" <> "new_hour") a
WHERE t."device_id" = a."device_id" AND t."day" = a."day";
--> statement-breakpoint
UPDATE "devices" d SET "sensor_trigger_count" = t."triggers"
FROM (SELECT "device_id", sum("triggers") AS "triggers" FROM "telemetry_daily" GROUP BY "device_id") t
WHERE t."device_id" = d."id" AND d."sensor_trigger_count" <> t."triggers";
--> statement-breakpoint
-- Closed months whose days changed are summed again by the month job (their heat-map cells too).
INSERT INTO "telemetry_monthly" ("device_id", "month", "energy_wh", "d4i_wh", "meter_wh", "quarantined_wh",
  "on_seconds", "triggers", "occupied_seconds", "readings", "spread_wh", "stale")
SELECT DISTINCT c."device_id", date_trunc('month', c."day")::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, true
FROM (SELECT "device_id", "zone", "old_day" AS "day" FROM "stamp_moves"
      UNION SELECT "device_id", "zone", "new_day" FROM "stamp_moves"
      UNION SELECT "device_id", "zone", ("old_hour" AT TIME ZONE "zone")::date FROM "stamp_moves"
      UNION SELECT "device_id", "zone", ("new_hour" AT TIME ZONE "zone")::date FROM "stamp_moves"
      UNION SELECT "device_id", "zone", "day" FROM "report_triggers") c
WHERE date_trunc('month', c."day") < date_trunc('month', now() AT TIME ZONE c."zone")
ON CONFLICT ("device_id", "month") DO UPDATE SET "stale" = true;
--> statement-breakpoint
DROP TABLE "stamp_moves";
--> statement-breakpoint
DROP TABLE "report_triggers";
