CREATE TABLE "ritual_session_check_in_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ritual_session_check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"ritual_session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"check_in_text_id" integer,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ritual_session_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"ritual_session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ritual_session_post_reads" (
	"ritual_session_post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ritual_session_post_reads_ritual_session_post_id_user_id_pk" PRIMARY KEY("ritual_session_post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ritual_session_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"ritual_session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"title" text,
	"content_html" text NOT NULL,
	"excerpt" text NOT NULL,
	"thumbnail_url" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"reactions_count" integer DEFAULT 0 NOT NULL,
	"reads_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ritual_session_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"ritual_session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content_html" text NOT NULL,
	"excerpt" text NOT NULL,
	"thumbnail_url" text,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ritual_session_users" ADD COLUMN "shares_progress" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ritual_session_check_ins" ADD CONSTRAINT "ritual_session_check_ins_ritual_session_id_ritual_sessions_id_fk" FOREIGN KEY ("ritual_session_id") REFERENCES "public"."ritual_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_check_ins" ADD CONSTRAINT "ritual_session_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_check_ins" ADD CONSTRAINT "ritual_session_check_ins_check_in_text_id_ritual_session_check_in_texts_id_fk" FOREIGN KEY ("check_in_text_id") REFERENCES "public"."ritual_session_check_in_texts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_letters" ADD CONSTRAINT "ritual_session_letters_ritual_session_id_ritual_sessions_id_fk" FOREIGN KEY ("ritual_session_id") REFERENCES "public"."ritual_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_letters" ADD CONSTRAINT "ritual_session_letters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_post_reads" ADD CONSTRAINT "ritual_session_post_reads_ritual_session_post_id_ritual_session_posts_id_fk" FOREIGN KEY ("ritual_session_post_id") REFERENCES "public"."ritual_session_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_post_reads" ADD CONSTRAINT "ritual_session_post_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_posts" ADD CONSTRAINT "ritual_session_posts_ritual_session_id_ritual_sessions_id_fk" FOREIGN KEY ("ritual_session_id") REFERENCES "public"."ritual_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_posts" ADD CONSTRAINT "ritual_session_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_threads" ADD CONSTRAINT "ritual_session_threads_ritual_session_id_ritual_sessions_id_fk" FOREIGN KEY ("ritual_session_id") REFERENCES "public"."ritual_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_session_threads" ADD CONSTRAINT "ritual_session_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ritual_session_check_ins_day_unique" ON "ritual_session_check_ins" USING btree ("ritual_session_id","user_id","day");--> statement-breakpoint
CREATE INDEX "ritual_session_check_ins_user_idx" ON "ritual_session_check_ins" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "ritual_session_letters_unique" ON "ritual_session_letters" USING btree ("ritual_session_id","user_id");--> statement-breakpoint
CREATE INDEX "ritual_session_letters_undelivered_idx" ON "ritual_session_letters" USING btree ("ritual_session_id") WHERE "ritual_session_letters"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "ritual_session_posts_feed_idx" ON "ritual_session_posts" USING btree ("ritual_session_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ritual_session_posts_notice_idx" ON "ritual_session_posts" USING btree ("ritual_session_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "ritual_session_posts"."category" = 'notice';--> statement-breakpoint
CREATE INDEX "ritual_session_posts_user_idx" ON "ritual_session_posts" USING btree ("user_id","ritual_session_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ritual_session_threads_feed_idx" ON "ritual_session_threads" USING btree ("ritual_session_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);