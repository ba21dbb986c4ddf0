CREATE TABLE "emergency_test_retries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"nid" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"device_id" integer NOT NULL,
	"attempt" smallint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"task_id" integer,
	"result" text
);
--> statement-breakpoint
ALTER TABLE "emergency_test_retries" ADD CONSTRAINT "emergency_test_retries_schedule_id_emergency_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."emergency_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_test_retries" ADD CONSTRAINT "emergency_test_retries_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_test_retries_key" ON "emergency_test_retries" USING btree ("schedule_id","window_start","device_id","attempt");