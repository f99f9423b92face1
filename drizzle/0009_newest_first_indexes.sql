DROP INDEX "mains_published_idx";--> statement-breakpoint
DROP INDEX "notices_list_idx";--> statement-breakpoint
DROP INDEX "inquiries_user_created_idx";--> statement-breakpoint
DROP INDEX "comments_user_idx";--> statement-breakpoint
DROP INDEX "saves_user_list_idx";--> statement-breakpoint
DROP INDEX "square_posts_category_list_idx";--> statement-breakpoint
DROP INDEX "square_posts_list_idx";--> statement-breakpoint
DROP INDEX "square_posts_user_idx";--> statement-breakpoint
DROP INDEX "square_posts_notices_idx";--> statement-breakpoint
CREATE INDEX "mains_published_idx" ON "mains" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "mains"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "notices_list_idx" ON "notices" USING btree ("is_pinned" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "notices"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "inquiries_user_created_idx" ON "inquiries" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "saves_user_list_idx" ON "saves" USING btree ("user_id","model_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "square_posts_category_list_idx" ON "square_posts" USING btree ("square_post_category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "square_posts_list_idx" ON "square_posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "square_posts_user_idx" ON "square_posts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "square_posts_notices_idx" ON "square_posts" USING btree ("created_at" DESC NULLS FIRST) WHERE "square_posts"."is_notice";