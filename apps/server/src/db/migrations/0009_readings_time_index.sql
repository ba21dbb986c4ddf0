-- Rollups read a device's readings by time across its elements, and counter deltas by time with the
-- element as a filter: one index on (device, time) serves both (a device has few elements).
DROP INDEX "telemetry_readings_device_idx";--> statement-breakpoint
CREATE INDEX "telemetry_readings_device_idx" ON "telemetry_readings" USING btree ("device_id","at");