-- A duration test shorter than the rated duration (domain isFullDurationTest) is a partial one: kept and
-- graded, never the year's duration test. Rows written before read as full tests.
ALTER TABLE "emergency_test_records" ADD COLUMN "partial" boolean DEFAULT false NOT NULL;
