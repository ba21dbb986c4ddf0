CREATE TABLE "factor_set_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"valid_from" date NOT NULL,
	"factor_set_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "factor_set_choices" ADD CONSTRAINT "factor_set_choices_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factor_set_choices" ADD CONSTRAINT "factor_set_choices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "factor_set_choices_nid_valid_from_key" ON "factor_set_choices" USING btree ("nid","valid_from");--> statement-breakpoint
INSERT INTO "factor_set_choices" ("nid", "valid_from", "factor_set_id", "created_at")
SELECT "id", ("created_at" AT TIME ZONE "time_zone")::date, "factor_set_id", "created_at" FROM "networks"
WHERE "factor_set_id" IS NOT NULL;
