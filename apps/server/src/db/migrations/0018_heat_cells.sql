CREATE TABLE "telemetry_cells_monthly" (
	"device_id" integer NOT NULL,
	"month" date NOT NULL,
	"cell" smallint NOT NULL,
	"lit_unoccupied" boolean NOT NULL,
	"meter_wh" numeric NOT NULL,
	"d4i_wh" numeric NOT NULL,
	"spread_wh" numeric NOT NULL,
	"quarantined_wh" numeric NOT NULL,
	"on_seconds" bigint NOT NULL,
	"triggers" bigint NOT NULL,
	"occupied_seconds" bigint NOT NULL,
	"hours_reported" integer NOT NULL,
	"hours_meter" integer NOT NULL,
	"hours_d4i" integer NOT NULL,
	"hours" integer NOT NULL,
	CONSTRAINT "telemetry_cells_monthly_device_id_month_cell_lit_unoccupied_pk" PRIMARY KEY("device_id","month","cell","lit_unoccupied")
);
--> statement-breakpoint
ALTER TABLE "telemetry_month_marks" ADD COLUMN "cells_until" date;--> statement-breakpoint
ALTER TABLE "telemetry_cells_monthly" ADD CONSTRAINT "telemetry_cells_monthly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telemetry_cells_monthly_month_idx" ON "telemetry_cells_monthly" USING btree ("month","device_id");