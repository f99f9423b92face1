-- The categories a member picks from on /inquiry/create: reference data every installation needs,
-- production included (the demo seed never runs there). Added only to an empty table.
INSERT INTO "inquiry_categories" ("name", "sort_order")
SELECT "name", "sort_order" FROM (VALUES
  ('리추얼 참여', 10),
  ('결제·환불', 20),
  ('주문·배송', 30),
  ('계정·로그인', 40),
  ('오류 신고', 50),
  ('기타', 60)
) AS "defaults" ("name", "sort_order")
WHERE NOT EXISTS (SELECT 1 FROM "inquiry_categories");
