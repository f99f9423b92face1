DROP INDEX "users_nickname_idx";--> statement-breakpoint
-- Members who joined while nicknames could repeat keep theirs; later namesakes get their id appended.
UPDATE "users" AS "later" SET "nickname" = left("later"."nickname", 6) || "later"."id"::text
WHERE "later"."deleted_at" IS NULL AND EXISTS (
  SELECT 1 FROM "users" AS "earlier"
  WHERE "earlier"."deleted_at" IS NULL AND lower("earlier"."nickname") = lower("later"."nickname") AND "earlier"."id" < "later"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_nickname_lower_live_unique" ON "users" USING btree (lower("nickname")) WHERE "users"."deleted_at" is null;
