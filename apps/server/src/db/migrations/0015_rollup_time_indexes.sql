-- A network's devices over a period are read as one range of time: the rollups are written as time passes,
-- so a period's rows lie together, where each device's key range touches a page per row.
CREATE INDEX "telemetry_daily_day_idx" ON "telemetry_daily" USING btree ("day","device_id");--> statement-breakpoint
CREATE INDEX "telemetry_hourly_hour_idx" ON "telemetry_hourly" USING btree ("hour","device_id");