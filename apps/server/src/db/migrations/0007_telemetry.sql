CREATE TABLE "report_gaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"from_seq" bigint NOT NULL,
	"to_seq" bigint NOT NULL,
	"reason" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_marks" (
	"gateway_id" integer PRIMARY KEY NOT NULL,
	"stored_up_to" bigint NOT NULL,
	"resend_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_receipts" (
	"gateway_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_receipts_gateway_id_seq_pk" PRIMARY KEY("gateway_id","seq")
);
--> statement-breakpoint
CREATE TABLE "telemetry_daily" (
	"device_id" integer NOT NULL,
	"energy_wh" numeric NOT NULL,
	"d4i_wh" numeric NOT NULL,
	"meter_wh" numeric NOT NULL,
	"quarantined_wh" numeric NOT NULL,
	"on_seconds" bigint NOT NULL,
	"triggers" bigint NOT NULL,
	"occupied_seconds" bigint NOT NULL,
	"readings" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "telemetry_daily_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "telemetry_hourly" (
	"device_id" integer NOT NULL,
	"energy_wh" numeric NOT NULL,
	"d4i_wh" numeric NOT NULL,
	"meter_wh" numeric NOT NULL,
	"quarantined_wh" numeric NOT NULL,
	"on_seconds" bigint NOT NULL,
	"triggers" bigint NOT NULL,
	"occupied_seconds" bigint NOT NULL,
	"readings" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_hourly_device_id_hour_pk" PRIMARY KEY("device_id","hour")
);
--> statement-breakpoint
CREATE TABLE "telemetry_readings" (
	"gateway_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"device_id" integer NOT NULL,
	"element" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"energy_raw" bigint,
	"energy_scale" smallint,
	"energy_serial" text,
	"energy_source" text,
	"energy_status" text,
	"power_w" numeric,
	"power_status" text,
	"on_seconds" integer,
	"triggers" integer,
	"occupied_seconds" integer,
	"d4i" jsonb,
	"delta_wh" numeric,
	"delta_status" text,
	CONSTRAINT "telemetry_readings_gateway_id_seq_device_id_element_at_pk" PRIMARY KEY("gateway_id","seq","device_id","element","at")
);
--> statement-breakpoint
ALTER TABLE "report_gaps" ADD CONSTRAINT "report_gaps_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_marks" ADD CONSTRAINT "report_marks_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_receipts" ADD CONSTRAINT "report_receipts_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD CONSTRAINT "telemetry_daily_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD CONSTRAINT "telemetry_hourly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_gaps_gateway_from_idx" ON "report_gaps" USING btree ("gateway_id","from_seq");--> statement-breakpoint
CREATE INDEX "telemetry_readings_device_idx" ON "telemetry_readings" USING btree ("device_id","element","at");