CREATE TABLE "recipient_preferences" (
	"recipient_id" integer PRIMARY KEY NOT NULL,
	"csv" boolean DEFAULT false NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_cycle_settings" (
	"pid" integer NOT NULL,
	"cycle" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"send_day" smallint DEFAULT 1 NOT NULL,
	"sections" text[] NOT NULL,
	"enabled_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_cycle_settings_pid_cycle_pk" PRIMARY KEY("pid","cycle")
);
--> statement-breakpoint
CREATE TABLE "report_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"recipient_id" integer,
	"email" text NOT NULL,
	"language" smallint NOT NULL,
	"formats" text[] NOT NULL,
	"copy" smallint DEFAULT 0 NOT NULL,
	"message_id" text NOT NULL,
	"template" jsonb NOT NULL,
	"headers" jsonb NOT NULL,
	"file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"state" text DEFAULT 'intent' NOT NULL,
	"retry" boolean DEFAULT true NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"lease_until" timestamp with time zone,
	"requested_by" integer,
	"intent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"server_message_id" text,
	"server_answer" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "report_run_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"language" smallint NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"nid" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"cycle" text NOT NULL,
	"period_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"restates" integer,
	"nids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"late_reason" text,
	"late_since" timestamp with time zone,
	"state" text DEFAULT 'due' NOT NULL,
	"reason" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"lease_until" timestamp with time zone,
	"figures" jsonb,
	"summary" jsonb,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"deliveries_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recipient_preferences" ADD CONSTRAINT "recipient_preferences_recipient_id_project_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."project_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_preferences" ADD CONSTRAINT "recipient_preferences_paused_by_users_id_fk" FOREIGN KEY ("paused_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cycle_settings" ADD CONSTRAINT "report_cycle_settings_pid_projects_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cycle_settings" ADD CONSTRAINT "report_cycle_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_run_id_report_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."report_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_recipient_id_project_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."project_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_run_files" ADD CONSTRAINT "report_run_files_run_id_report_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."report_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_pid_projects_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_deliveries_key" ON "report_deliveries" USING btree ("run_id","email","copy");--> statement-breakpoint
CREATE UNIQUE INDEX "report_deliveries_message_key" ON "report_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "report_deliveries_open_idx" ON "report_deliveries" USING btree ("lease_until") WHERE "report_deliveries"."state" = 'intent';--> statement-breakpoint
CREATE INDEX "report_deliveries_email_idx" ON "report_deliveries" USING btree ("email","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_run_files_key" ON "report_run_files" USING btree ("run_id","language","format");--> statement-breakpoint
CREATE UNIQUE INDEX "report_run_files_name_key" ON "report_run_files" USING btree ("file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_claim_key" ON "report_runs" USING btree ("pid","nid","kind","cycle","period_key","version");--> statement-breakpoint
CREATE INDEX "report_runs_due_idx" ON "report_runs" USING btree ("send_at","id") WHERE "report_runs"."state" = 'due';--> statement-breakpoint
CREATE INDEX "report_runs_pid_idx" ON "report_runs" USING btree ("pid","created_at");