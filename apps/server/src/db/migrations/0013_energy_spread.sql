ALTER TABLE "telemetry_daily" ADD COLUMN "spread_wh" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "hours_reported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "hours_meter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "hours_d4i" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "on_capped_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD COLUMN "spread_wh" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_readings" ADD COLUMN "spread_from" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "telemetry_readings_spread_idx" ON "telemetry_readings" USING btree ("device_id","at") WHERE spread_from IS NOT NULL;--> statement-breakpoint
-- Daily rollups become the sum of the hourly rows starting on the local date: rebuild the stored ones.
INSERT INTO "telemetry_daily" ("device_id", "day", "energy_wh", "d4i_wh", "meter_wh", "quarantined_wh", "on_seconds",
  "triggers", "occupied_seconds", "readings", "spread_wh", "hours_reported", "hours_meter", "hours_d4i", "on_capped_seconds")
SELECT h."device_id", (h."hour" AT TIME ZONE n."time_zone")::date, sum(h."energy_wh"), sum(h."d4i_wh"), sum(h."meter_wh"),
  sum(h."quarantined_wh"), sum(h."on_seconds"), sum(h."triggers"), sum(h."occupied_seconds"), sum(h."readings"),
  sum(h."spread_wh"), count(*) FILTER (WHERE h."readings" > 0), count(*) FILTER (WHERE h."meter_wh" > 0),
  count(*) FILTER (WHERE h."d4i_wh" > 0), coalesce(sum(least(h."on_seconds", 3600)) FILTER (WHERE h."readings" > 0), 0)
FROM "telemetry_hourly" h JOIN "devices" d ON d."id" = h."device_id" JOIN "networks" n ON n."id" = d."nid"
GROUP BY 1, 2
ON CONFLICT ("device_id", "day") DO UPDATE SET "energy_wh" = excluded."energy_wh", "d4i_wh" = excluded."d4i_wh",
  "meter_wh" = excluded."meter_wh", "quarantined_wh" = excluded."quarantined_wh", "on_seconds" = excluded."on_seconds",
  "triggers" = excluded."triggers", "occupied_seconds" = excluded."occupied_seconds", "readings" = excluded."readings",
  "spread_wh" = excluded."spread_wh", "hours_reported" = excluded."hours_reported", "hours_meter" = excluded."hours_meter",
  "hours_d4i" = excluded."hours_d4i", "on_capped_seconds" = excluded."on_capped_seconds";
