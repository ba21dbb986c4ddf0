CREATE TABLE "sensor_diagnoses" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"interval_seconds" integer NOT NULL,
	"all_sensors" boolean NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"canceled_by" integer
);
--> statement-breakpoint
CREATE TABLE "sensor_diagnosis_devices" (
	"diagnosis_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "sensor_diagnosis_devices_diagnosis_id_device_id_pk" PRIMARY KEY("diagnosis_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "sensor_diagnoses" ADD CONSTRAINT "sensor_diagnoses_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_diagnoses" ADD CONSTRAINT "sensor_diagnoses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_diagnoses" ADD CONSTRAINT "sensor_diagnoses_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_diagnosis_devices" ADD CONSTRAINT "sensor_diagnosis_devices_diagnosis_id_sensor_diagnoses_id_fk" FOREIGN KEY ("diagnosis_id") REFERENCES "public"."sensor_diagnoses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_diagnosis_devices" ADD CONSTRAINT "sensor_diagnosis_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sensor_diagnoses_nid_idx" ON "sensor_diagnoses" USING btree ("nid","created_at");--> statement-breakpoint
CREATE INDEX "sensor_diagnoses_open_idx" ON "sensor_diagnoses" USING btree ("start_at") WHERE "sensor_diagnoses"."state" in ('waiting', 'executing');