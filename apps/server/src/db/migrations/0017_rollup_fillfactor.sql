-- An hourly or daily rollup row is updated by every readings report of its hour or day. Pages left 30 % free
-- keep those updates on the row's own page (a heap-only update), which writes no new entry into the
-- primary key or the time index; a full page moves the row and writes both. Applies to pages written from now on.
ALTER TABLE "telemetry_hourly" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "telemetry_daily" SET (fillfactor = 70);
