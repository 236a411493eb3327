-- The invariants of versions, held by the database even if code is wrong: one record per
-- version index of a parent, one draft per version index of a parent, and one latest
-- version per parent. Databases written before these indexes may hold duplicates left by
-- concurrent publishes and new versions; they are repaired first (versions numbered again
-- in publication order, then the latest flag recomputed) so the indexes can be built.
UPDATE "records" r SET "version_index" = n.idx
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "parent_id" ORDER BY "version_index", "published_at", "id") AS idx
  FROM "records"
  WHERE "parent_id" IN (
    SELECT "parent_id" FROM "records" GROUP BY "parent_id", "version_index" HAVING count(*) > 1)
) n
WHERE r."id" = n."id" AND r."version_index" <> n.idx;
--> statement-breakpoint
UPDATE "drafts" d SET "version_index" = r."version_index"
FROM "records" r WHERE r."id" = d."id" AND d."version_index" <> r."version_index";
--> statement-breakpoint
UPDATE "drafts" d SET "version_index" = n.idx
FROM (
  SELECT d2."id", coalesce((SELECT max(r."version_index") FROM "records" r WHERE r."parent_id" = d2."parent_id"), 0)
    + row_number() OVER (PARTITION BY d2."parent_id" ORDER BY d2."version_index", d2."created_at", d2."id") AS idx
  FROM "drafts" d2
  WHERE NOT EXISTS (SELECT 1 FROM "records" r WHERE r."id" = d2."id")
    AND d2."parent_id" IN (
      SELECT "parent_id" FROM "drafts" GROUP BY "parent_id", "version_index" HAVING count(*) > 1)
) n
WHERE d."id" = n."id" AND d."version_index" <> n.idx;
--> statement-breakpoint
UPDATE "records" r SET "is_latest" = (r."version_index" = (
  SELECT max(r2."version_index") FROM "records" r2 WHERE r2."parent_id" = r."parent_id"))
WHERE r."is_latest" IS DISTINCT FROM (r."version_index" = (
  SELECT max(r2."version_index") FROM "records" r2 WHERE r2."parent_id" = r."parent_id"));
--> statement-breakpoint
DROP INDEX "records_parent";--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_parent_version" ON "drafts" USING btree ("parent_id","version_index");--> statement-breakpoint
CREATE UNIQUE INDEX "records_parent_version" ON "records" USING btree ("parent_id","version_index");--> statement-breakpoint
CREATE UNIQUE INDEX "records_one_latest" ON "records" USING btree ("parent_id") WHERE "records"."is_latest";
