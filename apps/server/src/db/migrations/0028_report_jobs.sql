CREATE TABLE "report_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"pid" integer NOT NULL,
	"nids" integer[] NOT NULL,
	"requested_by" integer,
	"requested_by_name" text NOT NULL,
	"params" jsonb NOT NULL,
	"format" text NOT NULL,
	"language" smallint NOT NULL,
	"time_format" smallint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"file_name" text,
	"mime" text,
	"size" integer,
	"data" "bytea",
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_pid_projects_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_jobs_file_name_key" ON "report_jobs" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "report_jobs_pid_idx" ON "report_jobs" USING btree ("pid","created_at");--> statement-breakpoint
CREATE INDEX "report_jobs_pending_idx" ON "report_jobs" USING btree ("id") WHERE "report_jobs"."state" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "report_jobs_expires_idx" ON "report_jobs" USING btree ("expires_at");