CREATE TABLE "mail_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_uid" integer NOT NULL,
	"email" text NOT NULL,
	"template" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_sender_uid_users_id_fk" FOREIGN KEY ("sender_uid") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_sends_sender_idx" ON "mail_sends" USING btree ("sender_uid","sent_at");