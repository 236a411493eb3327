ALTER TABLE "secret_link_uses" ADD COLUMN "visitor_number" integer;--> statement-breakpoint
-- Existing uses: each link's visitors numbered in the order of their first use.
UPDATE "secret_link_uses" u SET "visitor_number" = n."number"
FROM (
  SELECT "link_id", "visitor",
    row_number() OVER (PARTITION BY "link_id" ORDER BY min("used_at"), "visitor") AS "number"
  FROM "secret_link_uses" GROUP BY "link_id", "visitor"
) n
WHERE u."link_id" = n."link_id" AND u."visitor" = n."visitor";
--> statement-breakpoint
ALTER TABLE "secret_link_uses" ALTER COLUMN "visitor_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "secret_links" ADD COLUMN "visitor_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "secret_links" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
-- The usage a manager sees is kept on the link from now on, so that it outlives the uses.
UPDATE "secret_links" l SET "visitor_count" = s."visitors", "last_used_at" = s."last"
FROM (
  SELECT "link_id", count(DISTINCT "visitor")::integer AS "visitors", max("used_at") AS "last"
  FROM "secret_link_uses" GROUP BY "link_id"
) s
WHERE l."id" = s."link_id";
--> statement-breakpoint
CREATE INDEX "secret_link_uses_visitor" ON "secret_link_uses" USING btree ("link_id","visitor");--> statement-breakpoint
CREATE INDEX "secret_link_uses_used_at" ON "secret_link_uses" USING btree ("used_at");
