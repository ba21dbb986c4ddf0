CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer,
	"nid" integer,
	"actor_uid" integer,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"name" text PRIMARY KEY NOT NULL,
	"owner_uid" integer,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_users" (
	"nid" integer NOT NULL,
	"uid" integer NOT NULL,
	"user_type" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_users_nid_uid_pk" PRIMARY KEY("nid","uid")
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"image" text,
	"image_width" integer DEFAULT 500 NOT NULL,
	"image_height" integer DEFAULT 500 NOT NULL,
	"electricity_price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"zone_id" integer,
	"vid" integer,
	"rid" integer,
	"name" text NOT NULL,
	"name_size" smallint DEFAULT 12 NOT NULL,
	"name_angle" double precision DEFAULT 0 NOT NULL,
	"icon_size" smallint DEFAULT 24 NOT NULL,
	"name_color" text DEFAULT '#262626' NOT NULL,
	"position_x" double precision DEFAULT 0 NOT NULL,
	"position_y" double precision DEFAULT 0 NOT NULL,
	"name_position_x" double precision,
	"name_position_y" double precision,
	"status" smallint DEFAULT 0 NOT NULL,
	"status_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"pid" integer,
	"nid" integer,
	"sharer_uid" integer NOT NULL,
	"email" text NOT NULL,
	"user_type" smallint NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_uid" integer
);
--> statement-breakpoint
CREATE TABLE "view_states" (
	"uid" integer NOT NULL,
	"nid" integer NOT NULL,
	"zoom" double precision DEFAULT 1 NOT NULL,
	"img_x" double precision DEFAULT 100 NOT NULL,
	"img_y" double precision DEFAULT 210 NOT NULL,
	CONSTRAINT "view_states_uid_nid_pk" PRIMARY KEY("uid","nid")
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"name" text NOT NULL,
	"points" jsonb NOT NULL,
	"shape" smallint DEFAULT 1 NOT NULL,
	"bg_color" text DEFAULT '#1677ff33' NOT NULL,
	"name_color" text DEFAULT '#262626' NOT NULL,
	"name_angle" double precision DEFAULT 0 NOT NULL,
	"name_size" smallint DEFAULT 16 NOT NULL,
	"name_position_x" double precision,
	"name_position_y" double precision,
	"config_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_uid_users_id_fk" FOREIGN KEY ("actor_uid") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_uid_users_id_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_users" ADD CONSTRAINT "network_users_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_users" ADD CONSTRAINT "network_users_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_pid_projects_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_pid_projects_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_sharer_uid_users_id_fk" FOREIGN KEY ("sharer_uid") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_accepted_uid_users_id_fk" FOREIGN KEY ("accepted_uid") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_states" ADD CONSTRAINT "view_states_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_states" ADD CONSTRAINT "view_states_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_nid_idx" ON "audit_events" USING btree ("nid","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_pid_idx" ON "audit_events" USING btree ("pid","created_at");--> statement-breakpoint
CREATE INDEX "backups_nid_idx" ON "backups" USING btree ("nid","created_at");--> statement-breakpoint
CREATE INDEX "network_users_uid_idx" ON "network_users" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "network_users_one_owner" ON "network_users" USING btree ("nid") WHERE "network_users"."user_type" = 2;--> statement-breakpoint
CREATE INDEX "networks_pid_idx" ON "networks" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "networks_deleted_idx" ON "networks" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "nodes_nid_idx" ON "nodes" USING btree ("nid");--> statement-breakpoint
CREATE INDEX "nodes_zone_idx" ON "nodes" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_token_key" ON "shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shares_sharer_idx" ON "shares" USING btree ("sharer_uid");--> statement-breakpoint
CREATE INDEX "zones_nid_idx" ON "zones" USING btree ("nid");