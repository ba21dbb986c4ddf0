CREATE TABLE "device_elements" (
	"device_id" integer NOT NULL,
	"index" smallint NOT NULL,
	"type" smallint NOT NULL,
	"is_d4i" boolean DEFAULT false NOT NULL,
	"is_linear" boolean DEFAULT true NOT NULL,
	"on_off" smallint DEFAULT 0 NOT NULL,
	"lightness" real DEFAULT 0 NOT NULL,
	"cct" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"flags" smallint DEFAULT 0 NOT NULL,
	"d4i_bank" jsonb,
	"bank_at" timestamp with time zone,
	"mode" smallint,
	"fault_bits" smallint,
	"lux" real,
	"triggered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_elements_device_id_index_pk" PRIMARY KEY("device_id","index")
);
--> statement-breakpoint
CREATE TABLE "device_readings" (
	"gateway_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "device_readings_gateway_id_seq_pk" PRIMARY KEY("gateway_id","seq")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"gateway_id" integer,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"product_id" integer,
	"model" text NOT NULL,
	"mac" text NOT NULL,
	"address" integer,
	"firmware_version" text DEFAULT '' NOT NULL,
	"hardware_version" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"installed_at" timestamp with time zone,
	"rated_power" double precision,
	"battery_type" text DEFAULT '' NOT NULL,
	"usage_seconds" bigint DEFAULT 0 NOT NULL,
	"sensor_trigger_count" integer DEFAULT 0 NOT NULL,
	"bound_id" integer,
	"sync_state" smallint DEFAULT 0 NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"settings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_diagnoses" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"level" text NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"sn" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"gateway_type" smallint DEFAULT 3 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"mesh_status" smallint DEFAULT 0 NOT NULL,
	"firmware" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"state_seq" bigint DEFAULT -1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_devices" (
	"group_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "group_devices_group_id_device_id_pk" PRIMARY KEY("group_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sub_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"hardware_version" text NOT NULL,
	"config" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_uid" integer,
	"model" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"icon" text,
	"rated_power" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_uid" integer,
	"is_system" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"nid" integer,
	"config_type" text DEFAULT 'sensor' NOT NULL,
	"scene_type" text,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scene_devices" (
	"scene_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"on_off" smallint DEFAULT 1 NOT NULL,
	"lightness" real DEFAULT 100 NOT NULL,
	"cct" integer,
	CONSTRAINT "scene_devices_scene_id_device_id_pk" PRIMARY KEY("scene_id","device_id"),
	CONSTRAINT "scene_devices_slot_range" CHECK ("scene_devices"."slot" between 0 and 15)
);
--> statement-breakpoint
CREATE TABLE "scenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'generic' NOT NULL,
	"image" text,
	"fade_time" real DEFAULT 0 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"curve" jsonb,
	"built_in" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"kind" text DEFAULT 'schedule' NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer,
	"action" jsonb NOT NULL,
	"year" smallint DEFAULT 100 NOT NULL,
	"month" smallint DEFAULT 4095 NOT NULL,
	"day" smallint DEFAULT 0 NOT NULL,
	"day_of_week" smallint DEFAULT 127 NOT NULL,
	"hour" smallint DEFAULT 0 NOT NULL,
	"minute" smallint DEFAULT 0 NOT NULL,
	"second" smallint DEFAULT 0 NOT NULL,
	"astro_event" text,
	"astro_shift" integer DEFAULT 0 NOT NULL,
	"override_end" text DEFAULT 'never' NOT NULL,
	"override_value" integer,
	"last_run_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_devices" (
	"task_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	CONSTRAINT "task_devices_task_id_device_id_pk" PRIMARY KEY("task_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"uid" integer,
	"target_kind" text NOT NULL,
	"target_id" integer,
	"action" jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"executed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "config_id" integer;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "config_id" integer;--> statement-breakpoint
ALTER TABLE "device_elements" ADD CONSTRAINT "device_elements_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_readings" ADD CONSTRAINT "device_readings_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_readings" ADD CONSTRAINT "device_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_diagnoses" ADD CONSTRAINT "gateway_diagnoses_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_devices" ADD CONSTRAINT "group_devices_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_devices" ADD CONSTRAINT "group_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sub_versions" ADD CONSTRAINT "product_sub_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_owner_uid_users_id_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_owner_uid_users_id_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_devices" ADD CONSTRAINT "scene_devices_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_devices" ADD CONSTRAINT "scene_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenes" ADD CONSTRAINT "scenes_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_devices" ADD CONSTRAINT "task_devices_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_devices" ADD CONSTRAINT "task_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_readings_device_idx" ON "device_readings" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "devices_nid_idx" ON "devices" USING btree ("nid");--> statement-breakpoint
CREATE INDEX "devices_gateway_idx" ON "devices" USING btree ("gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_mac_key" ON "devices" USING btree ("nid","mac","is_virtual");--> statement-breakpoint
CREATE INDEX "gateway_diagnoses_gw_idx" ON "gateway_diagnoses" USING btree ("gateway_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_sn_key" ON "gateways" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "gateways_nid_idx" ON "gateways" USING btree ("nid");--> statement-breakpoint
CREATE INDEX "group_devices_device_idx" ON "group_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "groups_nid_idx" ON "groups" USING btree ("nid");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sub_versions_key" ON "product_sub_versions" USING btree ("product_id","hardware_version");--> statement-breakpoint
CREATE UNIQUE INDEX "products_model_key" ON "products" USING btree ("model");--> statement-breakpoint
CREATE INDEX "profiles_owner_idx" ON "profiles" USING btree ("owner_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_system_name_key" ON "profiles" USING btree ("name") WHERE "profiles"."is_system";--> statement-breakpoint
CREATE UNIQUE INDEX "scene_devices_slot_key" ON "scene_devices" USING btree ("device_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "scenes_number_key" ON "scenes" USING btree ("nid","number");--> statement-breakpoint
CREATE INDEX "scenes_nid_idx" ON "scenes" USING btree ("nid");--> statement-breakpoint
CREATE INDEX "schedules_nid_idx" ON "schedules" USING btree ("nid");--> statement-breakpoint
CREATE INDEX "tasks_gateway_idx" ON "tasks" USING btree ("gateway_id","status");--> statement-breakpoint
CREATE INDEX "tasks_nid_idx" ON "tasks" USING btree ("nid","created_at");--> statement-breakpoint
CREATE INDEX "tasks_open_deadline_idx" ON "tasks" USING btree ("deadline_at") WHERE "tasks"."status" in (0, 2, 6);