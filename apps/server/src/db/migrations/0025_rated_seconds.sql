ALTER TABLE "telemetry_cells_monthly" ADD COLUMN "rated_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_cells_monthly" ADD COLUMN "level_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "rated_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "level_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "rated_capped_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD COLUMN "rated_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD COLUMN "level_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_monthly" ADD COLUMN "rated_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_monthly" ADD COLUMN "level_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_monthly" ADD COLUMN "rated_capped_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_readings" ADD COLUMN "mean_lightness" numeric;--> statement-breakpoint
ALTER TABLE "telemetry_readings" ADD COLUMN "rated_seconds" numeric;--> statement-breakpoint
-- Rollups written before reported levels were kept assumed 100 % while on, as the estimate did: their
-- on-time is their time at rated power. Raw readings keep rated_seconds null, read as their on_seconds.
UPDATE "telemetry_hourly" SET "rated_seconds" = "on_seconds" WHERE "on_seconds" > 0;--> statement-breakpoint
UPDATE "telemetry_daily" SET "rated_seconds" = "on_seconds", "rated_capped_seconds" = "on_capped_seconds"
WHERE "on_seconds" > 0;--> statement-breakpoint
UPDATE "telemetry_monthly" SET "rated_seconds" = "on_seconds", "rated_capped_seconds" = "on_capped_seconds"
WHERE "on_seconds" > 0;--> statement-breakpoint
UPDATE "telemetry_cells_monthly" SET "rated_seconds" = "on_seconds" WHERE "on_seconds" > 0;
