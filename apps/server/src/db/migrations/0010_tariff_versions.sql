CREATE TABLE "tariff_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"valid_from" date NOT NULL,
	"price_per_kwh" integer NOT NULL,
	"currency" text NOT NULL,
	"standing_charge_per_day" integer,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "factor_set_id" text;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "estimate_rated_w" double precision;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "estimate_standby_w" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "tariff_versions" ADD CONSTRAINT "tariff_versions_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_versions" ADD CONSTRAINT "tariff_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_versions_nid_valid_from_key" ON "tariff_versions" USING btree ("nid","valid_from");