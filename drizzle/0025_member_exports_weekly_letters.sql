CREATE TABLE "member_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_name" text,
	"size_bytes" integer,
	"claimed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_letter_deliveries" (
	"user_id" integer NOT NULL,
	"week" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_letter_deliveries_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "member_exports" ADD CONSTRAINT "member_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_letter_deliveries" ADD CONSTRAINT "weekly_letter_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_exports_user_created_idx" ON "member_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "member_exports_status_idx" ON "member_exports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "weekly_letter_deliveries_sent_idx" ON "weekly_letter_deliveries" USING btree ("sent_at");