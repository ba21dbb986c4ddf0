-- Counted readings of a D4i driver counter and of a meter, per hour, day, month and heat-map cell, whatever
-- their delta: a luminaire off for a whole period sends counted D4i readings of 0 Wh and is counted by its
-- counter (0 Wh), not estimated (docs/decisions.md "Declared sources"). Rows summed before are filled in from
-- the readings still stored; the hours whose readings retention (`TELEMETRY_RETENTION_MONTHS`) has dropped
-- keep 0.
ALTER TABLE "telemetry_cells_monthly" ADD COLUMN "d4i_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_cells_monthly" ADD COLUMN "meter_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "d4i_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "meter_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD COLUMN "d4i_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD COLUMN "meter_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_monthly" ADD COLUMN "d4i_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_monthly" ADD COLUMN "meter_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counted counter readings still stored, by device, the hour holding their stamp and the local date (in
-- the zone the network's days are in).
CREATE TEMP TABLE "counted_readings" AS
SELECT r."device_id", z."zone", to_timestamp(floor(extract(epoch FROM r."at") / 3600) * 3600) AS "hour",
  (r."at" AT TIME ZONE z."zone")::date AS "day",
  count(*) FILTER (WHERE r."energy_source" = 'd4i') AS "d4i_readings",
  count(*) FILTER (WHERE r."energy_source" = 'meter') AS "meter_readings"
FROM "telemetry_readings" r
JOIN (SELECT d."id", coalesce(n."rollups_time_zone", n."time_zone") AS "zone"
      FROM "devices" d JOIN "networks" n ON n."id" = d."nid") z ON z."id" = r."device_id"
WHERE r."delta_status" = 'counted' AND r."energy_source" IN ('d4i', 'meter')
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
UPDATE "telemetry_hourly" h SET "d4i_readings" = c."d4i_readings", "meter_readings" = c."meter_readings"
FROM (SELECT "device_id", "hour", sum("d4i_readings") AS "d4i_readings", sum("meter_readings") AS "meter_readings"
      FROM "counted_readings" GROUP BY 1, 2) c
WHERE h."device_id" = c."device_id" AND h."hour" = c."hour";
--> statement-breakpoint
UPDATE "telemetry_daily" t SET "d4i_readings" = c."d4i_readings", "meter_readings" = c."meter_readings"
FROM (SELECT "device_id", "day", sum("d4i_readings") AS "d4i_readings", sum("meter_readings") AS "meter_readings"
      FROM "counted_readings" GROUP BY 1, 2) c
WHERE t."device_id" = c."device_id" AND t."day" = c."day";
--> statement-breakpoint
UPDATE "telemetry_monthly" t SET "d4i_readings" = c."d4i_readings", "meter_readings" = c."meter_readings"
FROM (SELECT "device_id", date_trunc('month', "day")::date AS "month", sum("d4i_readings") AS "d4i_readings",
        sum("meter_readings") AS "meter_readings"
      FROM "counted_readings" GROUP BY 1, 2) c
WHERE t."device_id" = c."device_id" AND t."month" = c."month";
--> statement-breakpoint
-- Heat-map cells of the months holding such readings are summed again by the `rollup-months` job; until
-- then the heat maps read those months from the hourly rollups.
UPDATE "telemetry_month_marks" m SET "cells_until" = least(m."cells_until", c."month")
FROM (SELECT d."nid", date_trunc('month', min(r."day"))::date AS "month"
      FROM "counted_readings" r JOIN "devices" d ON d."id" = r."device_id" GROUP BY 1) c
WHERE m."nid" = c."nid" AND m."cells_until" IS NOT NULL;
--> statement-breakpoint
DROP TABLE "counted_readings";
