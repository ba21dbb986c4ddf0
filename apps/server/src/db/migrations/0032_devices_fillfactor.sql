-- A device's row is updated by every readings report that brings on-time (its usage time, usage.ts): at a
-- report a second, each device's row once a second. Pages left 30 % free keep those updates on the row's own
-- page (a heap-only update), which writes no new entry into the device's four indexes; a full page moves the
-- row and writes all four. Applies to pages written from now on (0017 did the same for the rollups).
ALTER TABLE "devices" SET (fillfactor = 70);
