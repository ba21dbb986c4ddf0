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
CREATE INDEX "emergency_test_runs_due_idx" ON "emergency_test_runs" USING btree ("due_at");