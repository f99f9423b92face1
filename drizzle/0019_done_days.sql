CREATE TABLE "ritual_session_done_days" (
	"ritual_session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"records" integer NOT NULL,
	CONSTRAINT "ritual_session_done_days_ritual_session_id_user_id_day_pk" PRIMARY KEY("ritual_session_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "ritual_session_done_days" ADD CONSTRAINT "ritual_session_done_days_ritual_session_id_ritual_sessions_id_fk" FOREIGN KEY ("ritual_session_id") REFERENCES "public"."ritual_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_done_days" ADD CONSTRAINT "ritual_session_done_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ritual_session_done_days_user_idx" ON "ritual_session_done_days" USING btree ("user_id","day");