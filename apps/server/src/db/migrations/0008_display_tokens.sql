CREATE TABLE "display_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"nid" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "display_tokens" ADD CONSTRAINT "display_tokens_nid_networks_id_fk" FOREIGN KEY ("nid") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_tokens" ADD CONSTRAINT "display_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "display_tokens_key_hash_key" ON "display_tokens" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "display_tokens_nid_idx" ON "display_tokens" USING btree ("nid");