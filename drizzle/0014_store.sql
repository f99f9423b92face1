CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_option_id" integer,
	"quantity" integer NOT NULL,
	"is_selected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "isolated_regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"postal_code_from" text NOT NULL,
	"postal_code_to" text NOT NULL,
	"extra_fee" integer NOT NULL,
	CONSTRAINT "isolated_regions_range_check" CHECK ("isolated_regions"."postal_code_from" <= "isolated_regions"."postal_code_to")
);
--> statement-breakpoint
CREATE TABLE "product_badges" (
	"product_id" integer NOT NULL,
	"badge_id" integer NOT NULL,
	CONSTRAINT "product_badges_product_id_badge_id_pk" PRIMARY KEY("product_id","badge_id")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"extra_price" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_options_stock_check" CHECK ("product_options"."stock" >= 0 and "product_options"."extra_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description_html" text NOT NULL,
	"theme_id" integer,
	"price" integer NOT NULL,
	"sale_price" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'on_sale' NOT NULL,
	"shipping_fee" integer DEFAULT 3000 NOT NULL,
	"free_shipping_over" integer,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_prices_check" CHECK ("products"."sale_price" >= 0 and "products"."sale_price" <= "products"."price"),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_shipping_check" CHECK ("products"."shipping_fee" >= 0 and ("products"."free_shipping_over" is null or "products"."free_shipping_over" > 0))
);
--> statement-breakpoint
CREATE TABLE "temp_cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer,
	"product_option_id" integer,
	"ritual_session_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "temp_cart_items_kind_check" CHECK (("temp_cart_items"."product_id" is null) <> ("temp_cart_items"."ritual_session_id" is null)),
	CONSTRAINT "temp_cart_items_quantity_check" CHECK ("temp_cart_items"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_option_id_product_options_id_fk" FOREIGN KEY ("product_option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_badges" ADD CONSTRAINT "product_badges_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_badges" ADD CONSTRAINT "product_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_cart_items" ADD CONSTRAINT "temp_cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_cart_items" ADD CONSTRAINT "temp_cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_cart_items" ADD CONSTRAINT "temp_cart_items_product_option_id_product_options_id_fk" FOREIGN KEY ("product_option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_cart_items" ADD CONSTRAINT "temp_cart_items_ritual_session_id_ritual_sessions_id_fk" FOREIGN KEY ("ritual_session_id") REFERENCES "public"."ritual_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_idx" ON "cart_items" USING btree ("user_id","product_id",coalesce("product_option_id", 0));--> statement-breakpoint
CREATE INDEX "cart_items_user_idx" ON "cart_items" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "isolated_regions_range_idx" ON "isolated_regions" USING btree ("postal_code_from","postal_code_to");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "product_options_product_idx" ON "product_options" USING btree ("product_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" <> 'hidden';--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("sales_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" <> 'hidden';--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("sale_price","id") WHERE "products"."status" <> 'hidden';--> statement-breakpoint
CREATE INDEX "products_theme_idx" ON "products" USING btree ("theme_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" <> 'hidden';--> statement-breakpoint
CREATE INDEX "temp_cart_items_user_idx" ON "temp_cart_items" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "temp_cart_items_created_idx" ON "temp_cart_items" USING btree ("created_at");--> statement-breakpoint
-- 도서산간: the Jeju and island postal-code ranges that Korean shops charge extra shipping to.
-- Source: imweb's help centre list (https://imweb.me/faq?mode=view&category=29&category2=40&idx=71671),
-- the one most shops' "제주·도서산간" settings follow, on the five-digit 국가기초구역 codes in force
-- since 2015-08-01. Taken on 2026-11-24 as shops' public code reproduces that page (the build is
-- offline, so the page itself was not re-read): re-check it when couriers change their lists.
-- Surcharges are this shop's: 3,000원 to Jeju, 5,000원 to the other islands. Reference data every
-- installation needs, production included; added only to an empty table.
INSERT INTO "isolated_regions" ("region", "postal_code_from", "postal_code_to", "extra_fee")
SELECT "region", "postal_code_from", "postal_code_to", "extra_fee" FROM (VALUES
  ('제주특별자치도', '63000', '63644', 3000),
  ('인천 중구 섬 지역', '22386', '22388', 5000),
  ('인천 강화군 섬 지역', '23004', '23010', 5000),
  ('인천 옹진군', '23100', '23116', 5000),
  ('인천 옹진군', '23124', '23136', 5000),
  ('충남 당진시 섬 지역', '31708', '31708', 5000),
  ('충남 태안군 섬 지역', '32133', '32133', 5000),
  ('충남 보령시 섬 지역', '33411', '33411', 5000),
  ('경북 울릉군', '40200', '40240', 5000),
  ('부산 강서구 섬 지역', '46768', '46771', 5000),
  ('경남 사천시 섬 지역', '52570', '52571', 5000),
  ('경남 통영시 섬 지역', '53031', '53033', 5000),
  ('경남 통영시 섬 지역', '53089', '53104', 5000),
  ('전북 군산시 섬 지역', '54000', '54000', 5000),
  ('전북 부안군 섬 지역', '56347', '56349', 5000),
  ('전남 영광군 섬 지역', '57068', '57069', 5000),
  ('전남 목포시 섬 지역', '58760', '58762', 5000),
  ('전남 신안군', '58800', '58810', 5000),
  ('전남 신안군', '58816', '58818', 5000),
  ('전남 신안군', '58826', '58826', 5000),
  ('전남 신안군', '58828', '58866', 5000),
  ('전남 진도군 섬 지역', '58953', '58958', 5000),
  ('전남 완도군 섬 지역', '59102', '59103', 5000),
  ('전남 완도군 섬 지역', '59106', '59106', 5000),
  ('전남 완도군 섬 지역', '59127', '59127', 5000),
  ('전남 완도군 섬 지역', '59129', '59129', 5000),
  ('전남 완도군 섬 지역', '59137', '59166', 5000),
  ('전남 보성군 섬 지역', '59421', '59421', 5000),
  ('전남 고흥군 섬 지역', '59531', '59531', 5000),
  ('전남 고흥군 섬 지역', '59551', '59551', 5000),
  ('전남 여수시 섬 지역', '59563', '59563', 5000),
  ('전남 여수시 섬 지역', '59568', '59568', 5000),
  ('전남 여수시 섬 지역', '59650', '59650', 5000),
  ('전남 여수시 섬 지역', '59766', '59766', 5000),
  ('전남 여수시 섬 지역', '59781', '59790', 5000)
) AS "ranges" ("region", "postal_code_from", "postal_code_to", "extra_fee")
WHERE NOT EXISTS (SELECT 1 FROM "isolated_regions");
