-- PostgreSQL only (PGlite keeps one table): telemetry_readings becomes RANGE-partitioned by month on "at",
-- so that retention drops a month's partition. Idempotent: does nothing once the table is partitioned.
-- Applied by db/client.ts after the shared migrations, under the migration lock. Rows already in the plain
-- table (none, unless it was written before this step ran) are moved into their month's partition.
DO $$
DECLARE
  month date;
BEGIN
  IF (SELECT c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname = 'telemetry_readings') = 'p' THEN
    RETURN;
  END IF;
  ALTER TABLE telemetry_readings RENAME TO telemetry_readings_plain;
  ALTER TABLE telemetry_readings_plain
    RENAME CONSTRAINT telemetry_readings_gateway_id_seq_device_id_element_at_pk TO telemetry_readings_plain_pk;
  ALTER INDEX telemetry_readings_device_idx RENAME TO telemetry_readings_plain_device_idx;
  ALTER INDEX IF EXISTS telemetry_readings_spread_idx RENAME TO telemetry_readings_plain_spread_idx;
  CREATE TABLE telemetry_readings (LIKE telemetry_readings_plain INCLUDING DEFAULTS) PARTITION BY RANGE ("at");
  ALTER TABLE telemetry_readings ADD CONSTRAINT telemetry_readings_gateway_id_seq_device_id_element_at_pk
    PRIMARY KEY (gateway_id, seq, device_id, element, "at");
  CREATE INDEX telemetry_readings_device_idx ON telemetry_readings (device_id, "at");
  CREATE INDEX telemetry_readings_spread_idx ON telemetry_readings (device_id, "at") WHERE spread_from IS NOT NULL;
  FOR month IN SELECT DISTINCT date_trunc('month', "at" AT TIME ZONE 'UTC')::date FROM telemetry_readings_plain LOOP
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF telemetry_readings FOR VALUES FROM (%L) TO (%L)',
      'telemetry_readings_' || to_char(month, 'YYYYMM'),
      (month::timestamp AT TIME ZONE 'UTC'), ((month + interval '1 month')::timestamp AT TIME ZONE 'UTC'));
  END LOOP;
  INSERT INTO telemetry_readings SELECT * FROM telemetry_readings_plain;
  DROP TABLE telemetry_readings_plain;
END $$;
