-- Leases on job slot claims (docs/decisions.md "Jobs"): the process holding an unfinished run, and until when
-- on the database's clock (renewed while it runs); a run whose holder died is taken over once the lease
-- lapsed, and `claims` counts its holders. Runs left unfinished before this have no lease: lapsed.
ALTER TABLE "job_runs" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "claims" integer DEFAULT 1 NOT NULL;
