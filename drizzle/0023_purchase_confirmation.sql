ALTER TABLE "orders" ADD COLUMN "purchase_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_confirmed_by" text;--> statement-breakpoint
CREATE INDEX "orders_awaiting_confirmation_idx" ON "orders" USING btree ("delivered_at","id") WHERE "orders"."status" = 'delivered';