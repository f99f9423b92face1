CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reviewable_type" text NOT NULL,
	"reviewable_id" integer NOT NULL,
	"order_item_id" integer,
	"rating" smallint NOT NULL,
	"content_html" text NOT NULL,
	"photo_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_list_idx" ON "reviews" USING btree ("reviewable_type","reviewable_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_photo_list_idx" ON "reviews" USING btree ("reviewable_type","reviewable_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."photo_image_url" is not null;