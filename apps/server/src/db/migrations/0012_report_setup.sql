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
CREATE INDEX "project_recipients_active_idx" ON "project_recipients" USING btree ("pid") WHERE "project_recipients"."activated_at" IS NOT NULL;