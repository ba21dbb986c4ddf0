CREATE TABLE "telemetry_month_marks" (
	"nid" integer PRIMARY KEY NOT NULL,
	"built_until" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_monthly" (
	"device_id" integer NOT NULL,
	"energy_wh" numeric NOT NULL,
	"d4i_wh" numeric NOT NULL,
	"meter_wh" numeric NOT NULL,
	"quarantined_wh" numeric NOT NULL,
	"on_seconds" bigint NOT NULL,
	"triggers" bigint NOT NULL,
	"occupied_seconds" bigint NOT NULL,
	"readings" integer NOT NULL,
	"spread_wh" numeric DEFAULT '0' NOT NULL,
	"month" date NOT NULL,
	"hours_reported" integer DEFAULT 0 NOT NULL,
	"hours_meter" integer DEFAULT 0 NOT NULL,
	"hours_d4i" integer DEFAULT 0 NOT NULL,
	"on_capped_seconds" bigint DEFAULT 0 NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	CONSTRAINT "telemetry_monthly_device_id_month_pk" PRIMARY KEY("device_id","month")
);
--> statement-breakpoint
ALTER TABLE "telemetry_month_marks" ADD CONSTRAINT "telemetry_month_marks_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_monthly" ADD CONSTRAINT "telemetry_monthly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telemetry_monthly_month_idx" ON "telemetry_monthly" USING btree ("month","device_id");--> statement-breakpoint
CREATE INDEX "telemetry_monthly_stale_idx" ON "telemetry_monthly" USING btree ("device_id","month") WHERE stale;