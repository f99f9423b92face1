CREATE TABLE "program_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"ritual_session_id" integer NOT NULL,
	"title" text NOT NULL,
	"place" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "off_the_record_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "off_the_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"off_the_record_category_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ritual_id" integer,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"content_html" text NOT NULL,
	"cover_image_url" text NOT NULL,
	"cover_image_alt" text NOT NULL,
	"author_name" text NOT NULL,
	"published_at" timestamp with time zone,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"reactions_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ritual_badges" (
	"ritual_id" integer NOT NULL,
	"badge_id" integer NOT NULL,
	CONSTRAINT "ritual_badges_ritual_id_badge_id_pk" PRIMARY KEY("ritual_id","badge_id")
);
--> statement-breakpoint
CREATE TABLE "ritual_session_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rituals" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description_html" text NOT NULL,
	"how_it_goes_html" text NOT NULL,
	"cover_image_url" text NOT NULL,
	"cover_image_alt" text NOT NULL,
	"theme_id" integer,
	"host_name" text NOT NULL,
	"host_introduction" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_grams" (
	"gram" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "search_grams_gram_kind_item_id_pk" PRIMARY KEY("gram","kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "ritual_session_users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD COLUMN "ritual_id" integer;--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD COLUMN "ritual_session_title_id" integer;--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD COLUMN "capacity" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD COLUMN "price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD COLUMN "recruit_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD COLUMN "recruit_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "program_events" ADD CONSTRAINT "program_events_ritual_session_id_ritual_sessions_id_fk" FOREIGN KEY ("ritual_session_id") REFERENCES "public"."ritual_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "off_the_records" ADD CONSTRAINT "off_the_records_off_the_record_category_id_off_the_record_categories_id_fk" FOREIGN KEY ("off_the_record_category_id") REFERENCES "public"."off_the_record_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "off_the_records" ADD CONSTRAINT "off_the_records_ritual_id_rituals_id_fk" FOREIGN KEY ("ritual_id") REFERENCES "public"."rituals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_badges" ADD CONSTRAINT "ritual_badges_ritual_id_rituals_id_fk" FOREIGN KEY ("ritual_id") REFERENCES "public"."rituals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_badges" ADD CONSTRAINT "ritual_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rituals" ADD CONSTRAINT "rituals_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "program_events_session_unique" ON "program_events" USING btree ("ritual_session_id");--> statement-breakpoint
CREATE INDEX "off_the_records_list_idx" ON "off_the_records" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "off_the_records"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "off_the_records_category_idx" ON "off_the_records" USING btree ("off_the_record_category_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "off_the_records"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "off_the_records_kind_idx" ON "off_the_records" USING btree ("kind","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "off_the_records"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "ritual_session_titles_starts_idx" ON "ritual_session_titles" USING btree ("starts_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rituals_list_idx" ON "rituals" USING btree ("type","sort_order","id") WHERE "rituals"."is_published";--> statement-breakpoint
CREATE INDEX "rituals_theme_idx" ON "rituals" USING btree ("theme_id","sort_order","id") WHERE "rituals"."is_published";--> statement-breakpoint
CREATE INDEX "search_grams_item_idx" ON "search_grams" USING btree ("kind","item_id");--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD CONSTRAINT "ritual_sessions_ritual_id_rituals_id_fk" FOREIGN KEY ("ritual_id") REFERENCES "public"."rituals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD CONSTRAINT "ritual_sessions_ritual_session_title_id_ritual_session_titles_id_fk" FOREIGN KEY ("ritual_session_title_id") REFERENCES "public"."ritual_session_titles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ritual_sessions_ritual_idx" ON "ritual_sessions" USING btree ("ritual_id","starts_at");--> statement-breakpoint
CREATE INDEX "ritual_sessions_title_idx" ON "ritual_sessions" USING btree ("ritual_session_title_id","starts_at");--> statement-breakpoint
CREATE INDEX "ritual_sessions_starts_idx" ON "ritual_sessions" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD CONSTRAINT "ritual_sessions_capacity_check" CHECK ("ritual_sessions"."capacity" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "ritual_sessions" ADD CONSTRAINT "ritual_sessions_price_check" CHECK ("ritual_sessions"."price" >= 0);