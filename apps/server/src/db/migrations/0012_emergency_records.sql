CREATE TABLE "project_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"email" text NOT NULL,
	"language" smallint NOT NULL,
	"kinds" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_report_setups" (
	"pid" integer PRIMARY KEY NOT NULL,
	"company_title" text DEFAULT '' NOT NULL,
	"signatory_name" text DEFAULT '' NOT NULL,
	"signatory_role" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"logo" text,
	"wide_logo" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_recipients" ADD CONSTRAINT "project_recipients_pid_projects_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_recipients" ADD CONSTRAINT "project_recipients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_report_setups" ADD CONSTRAINT "project_report_setups_pid_projects_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_report_setups" ADD CONSTRAINT "project_report_setups_logo_files_name_fk" FOREIGN KEY ("logo") REFERENCES "public"."files"("name") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_report_setups" ADD CONSTRAINT "project_report_setups_wide_logo_files_name_fk" FOREIGN KEY ("wide_logo") REFERENCES "public"."files"("name") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_report_setups" ADD CONSTRAINT "project_report_setups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_recipients_pid_email_key" ON "project_recipients" USING btree ("pid","email");--> statement-breakpoint
CREATE UNIQUE INDEX "project_recipients_token_key" ON "project_recipients" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "project_recipients_active_idx" ON "project_recipients" USING btree ("pid") WHERE "project_recipients"."activated_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "emergency_fault_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fault_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"person" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"by_uid" integer,
	"by_name" text,
	"test_record_id" bigint,
	"corrects_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_faults" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"network_name" text NOT NULL,
	"pid" integer,
	"project_name" text DEFAULT '' NOT NULL,
	"device_id" integer,
	"mac" text NOT NULL,
	"fitting_name" text NOT NULL,
	"location" text,
	"zone_id" integer,
	"zone_name" text,
	"emergency_type" smallint NOT NULL,
	"failure_bits" smallint NOT NULL,
	"test_record_id" bigint,
	"opened_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_fittings" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"element_index" smallint DEFAULT 0 NOT NULL,
	"mode" smallint,
	"status_bits" smallint DEFAULT 0 NOT NULL,
	"failure_bits" smallint DEFAULT 0 NOT NULL,
	"battery_charge" smallint DEFAULT 255 NOT NULL,
	"mains_present" boolean,
	"rated_minutes" integer,
	"last_report_at" timestamp with time zone,
	"test_pending" text,
	"test_running" text,
	"test_task_id" integer,
	"test_source" text,
	"test_schedule_id" integer,
	"test_requested_by" integer,
	"test_requested_at" timestamp with time zone,
	"inhibit_until" timestamp with time zone,
	"inhibit_expires_at" timestamp with time zone,
	"inhibit_renewed_at" timestamp with time zone,
	"reduced_cover_until" timestamp with time zone,
	"last_function_record_id" bigint,
	"last_duration_record_id" bigint,
	"retest_kind" text,
	"retest_booked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_mode_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"device_id" integer,
	"fitting_name" text NOT NULL,
	"location" text,
	"at" timestamp with time zone NOT NULL,
	"from_mode" smallint,
	"to_mode" smallint NOT NULL,
	"status_bits" smallint DEFAULT 0 NOT NULL,
	"failure_bits" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"test_kind" text NOT NULL,
	"day" smallint NOT NULL,
	"month" smallint,
	"minute_of_day" smallint NOT NULL,
	"duration_kind" text DEFAULT 'preset' NOT NULL,
	"duration_minutes" integer,
	"max_delay_minutes" smallint DEFAULT 15 NOT NULL,
	"stagger" text DEFAULT 'zone' NOT NULL,
	"target" jsonb NOT NULL,
	"last_window_at" timestamp with time zone,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_test_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"network_name" text NOT NULL,
	"pid" integer,
	"project_name" text DEFAULT '' NOT NULL,
	"device_id" integer,
	"mac" text NOT NULL,
	"fitting_name" text NOT NULL,
	"location" text,
	"zone_id" integer,
	"zone_name" text,
	"kind" text NOT NULL,
	"window_kind" text DEFAULT 'none' NOT NULL,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"start_source" text NOT NULL,
	"schedule_id" integer,
	"task_id" integer,
	"requested_by" integer,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"grade" text NOT NULL,
	"failure_bits" smallint DEFAULT 0 NOT NULL,
	"achieved_minutes" integer,
	"rated_minutes" integer,
	"stopped_by" integer,
	"stopped_by_name" text,
	"stopped_at" timestamp with time zone,
	"retest_booked" boolean DEFAULT false NOT NULL,
	"corrects_id" bigint,
	"remark" text DEFAULT '' NOT NULL,
	"gateway_sn" text,
	"report_seq" bigint,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emergency_fault_entries" ADD CONSTRAINT "emergency_fault_entries_fault_id_emergency_faults_id_fk" FOREIGN KEY ("fault_id") REFERENCES "public"."emergency_faults"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_fittings" ADD CONSTRAINT "emergency_fittings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_fittings" ADD CONSTRAINT "emergency_fittings_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_schedules" ADD CONSTRAINT "emergency_schedules_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_schedules" ADD CONSTRAINT "emergency_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_fault_entries_fault_idx" ON "emergency_fault_entries" USING btree ("fault_id","id");--> statement-breakpoint
CREATE INDEX "emergency_faults_nid_idx" ON "emergency_faults" USING btree ("nid","opened_at");--> statement-breakpoint
CREATE INDEX "emergency_faults_device_idx" ON "emergency_faults" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "emergency_fittings_nid_idx" ON "emergency_fittings" USING btree ("nid");--> statement-breakpoint
CREATE INDEX "emergency_mode_changes_nid_idx" ON "emergency_mode_changes" USING btree ("nid","at");--> statement-breakpoint
CREATE INDEX "emergency_mode_changes_device_idx" ON "emergency_mode_changes" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "emergency_schedules_nid_idx" ON "emergency_schedules" USING btree ("nid");--> statement-breakpoint
CREATE INDEX "emergency_test_records_nid_idx" ON "emergency_test_records" USING btree ("nid","created_at");--> statement-breakpoint
CREATE INDEX "emergency_test_records_device_idx" ON "emergency_test_records" USING btree ("device_id","kind","ended_at");--> statement-breakpoint
CREATE INDEX "emergency_test_records_report_idx" ON "emergency_test_records" USING btree ("gateway_sn","report_seq");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "emergency_record_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The inspector's record: never changed; removed only once past the 5-year retention.
  IF TG_OP = 'DELETE' AND OLD.created_at < now() - interval '5 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'emergency records are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "emergency_test_records_append_only" BEFORE UPDATE OR DELETE ON "emergency_test_records" FOR EACH ROW EXECUTE FUNCTION "emergency_record_guard"();--> statement-breakpoint
CREATE TRIGGER "emergency_faults_append_only" BEFORE UPDATE OR DELETE ON "emergency_faults" FOR EACH ROW EXECUTE FUNCTION "emergency_record_guard"();--> statement-breakpoint
CREATE TRIGGER "emergency_fault_entries_append_only" BEFORE UPDATE OR DELETE ON "emergency_fault_entries" FOR EACH ROW EXECUTE FUNCTION "emergency_record_guard"();--> statement-breakpoint
CREATE TRIGGER "emergency_mode_changes_append_only" BEFORE UPDATE OR DELETE ON "emergency_mode_changes" FOR EACH ROW EXECUTE FUNCTION "emergency_record_guard"();
--> statement-breakpoint
CREATE TABLE "emergency_fault_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fault_id" bigint NOT NULL,
	"nid" integer NOT NULL,
	"device_id" integer,
	"email" text NOT NULL,
	"language" smallint NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"outbox_id" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "emergency_test_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"nid" integer NOT NULL,
	"test_kind" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"batch" smallint NOT NULL,
	"device_ids" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"task_id" integer,
	"result" text
);
--> statement-breakpoint
ALTER TABLE "emergency_fault_notices" ADD CONSTRAINT "emergency_fault_notices_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_test_runs" ADD CONSTRAINT "emergency_test_runs_schedule_id_emergency_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."emergency_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_test_runs" ADD CONSTRAINT "emergency_test_runs_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_fault_notices_key" ON "emergency_fault_notices" USING btree ("fault_id","email");--> statement-breakpoint
CREATE INDEX "emergency_fault_notices_due_idx" ON "emergency_fault_notices" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "emergency_fault_notices_device_idx" ON "emergency_fault_notices" USING btree ("device_id","email","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_test_runs_key" ON "emergency_test_runs" USING btree ("schedule_id","window_start","batch");--> statement-breakpoint
CREATE INDEX "emergency_test_runs_due_idx" ON "emergency_test_runs" USING btree ("due_at");--> statement-breakpoint
-- The self-test job books a retest for each recently voided test: a small index finds them.
CREATE INDEX "emergency_test_records_voided_idx" ON "emergency_test_records" USING btree ("created_at") WHERE "emergency_test_records"."grade" = 'voided';
