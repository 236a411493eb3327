CREATE TABLE "file_bucket_totals" (
	"record_id" text NOT NULL,
	"draft" boolean NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"stored" bigint DEFAULT 0 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "file_bucket_totals_record_id_draft_pk" PRIMARY KEY("record_id","draft")
);
--> statement-breakpoint
CREATE TABLE "file_parent_totals" (
	"parent_id" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_objects" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "file_objects" ADD COLUMN "declared_size" bigint;--> statement-breakpoint
-- What an object holds of its owner's storage, and what an entry counts for in its record's
-- quota: what arrived, else what was announced, else what a streaming upload holds.
UPDATE "file_objects" o SET "declared_size" = e."declared_size"
FROM "file_entries" e WHERE e."object_id" = o."id" AND e."declared_size" IS NOT NULL;
--> statement-breakpoint
UPDATE "file_objects" o SET "parent_id" = coalesce(
  (SELECT d."parent_id" FROM "file_entries" e JOIN "drafts" d ON d."id" = e."record_id"
    WHERE e."object_id" = o."id" AND e."draft" LIMIT 1),
  (SELECT r."parent_id" FROM "file_entries" e JOIN "records" r ON r."id" = e."record_id"
    WHERE e."object_id" = o."id" AND NOT e."draft" LIMIT 1));
--> statement-breakpoint
INSERT INTO "file_bucket_totals" ("record_id", "draft", "files", "completed", "bytes", "stored", "revision")
SELECT e."record_id", e."draft", count(*), count(*) FILTER (WHERE e."status" = 'completed'),
  sum(coalesce(o."size", e."declared_size", CASE WHEN e."status" = 'pending' THEN o."reserved" ELSE 0 END)),
  sum(coalesce(o."size", 0)), 1
FROM "file_entries" e JOIN "file_objects" o ON o."id" = e."object_id"
GROUP BY e."record_id", e."draft";
--> statement-breakpoint
INSERT INTO "file_parent_totals" ("parent_id", "bytes")
SELECT "parent_id", sum(coalesce("size", "declared_size", CASE WHEN "status" = 'pending' THEN "reserved" ELSE 0 END))
FROM "file_objects" WHERE "parent_id" IS NOT NULL GROUP BY "parent_id";
--> statement-breakpoint
-- The totals follow every change in the same transaction, one statement at a time (bulk
-- copies and publishes of 10,000 entries update each total once).
CREATE FUNCTION "file_entries_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT e.record_id, e.draft, e.status, e.declared_size, e.object_id, 1 AS sign
      FROM new_rows e
    UNION ALL
    SELECT e.record_id, e.draft, e.status, e.declared_size, e.object_id, -1 AS sign
      FROM old_rows e
  )
  INSERT INTO file_bucket_totals AS t (record_id, draft, files, completed, bytes, stored, revision)
  SELECT c.record_id, c.draft, sum(c.sign), coalesce(sum(c.sign) FILTER (WHERE c.status = 'completed'), 0),
    sum(c.sign * coalesce(o.size, c.declared_size, CASE WHEN c.status = 'pending' THEN o.reserved ELSE 0 END)),
    sum(c.sign * coalesce(o.size, 0)), 1
  FROM changed c JOIN file_objects o ON o.id = c.object_id
  GROUP BY c.record_id, c.draft
  ON CONFLICT (record_id, draft) DO UPDATE SET
    files = t.files + excluded.files,
    completed = t.completed + excluded.completed,
    bytes = t.bytes + excluded.bytes,
    stored = t.stored + excluded.stored,
    revision = t.revision + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "file_entries_totals_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO file_bucket_totals AS t (record_id, draft, files, completed, bytes, stored, revision)
  SELECT e.record_id, e.draft, count(*), count(*) FILTER (WHERE e.status = 'completed'),
    sum(coalesce(o.size, e.declared_size, CASE WHEN e.status = 'pending' THEN o.reserved ELSE 0 END)),
    sum(coalesce(o.size, 0)), 1
  FROM new_rows e JOIN file_objects o ON o.id = e.object_id
  GROUP BY e.record_id, e.draft
  ON CONFLICT (record_id, draft) DO UPDATE SET
    files = t.files + excluded.files,
    completed = t.completed + excluded.completed,
    bytes = t.bytes + excluded.bytes,
    stored = t.stored + excluded.stored,
    revision = t.revision + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "file_entries_totals_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE file_bucket_totals t SET
    files = t.files - d.files, completed = t.completed - d.completed,
    bytes = t.bytes - d.bytes, stored = t.stored - d.stored, revision = t.revision + 1
  FROM (
    SELECT e.record_id, e.draft, count(*) AS files,
      count(*) FILTER (WHERE e.status = 'completed') AS completed,
      sum(coalesce(o.size, e.declared_size, CASE WHEN e.status = 'pending' THEN o.reserved ELSE 0 END)) AS bytes,
      sum(coalesce(o.size, 0)) AS stored
    FROM old_rows e JOIN file_objects o ON o.id = e.object_id
    GROUP BY e.record_id, e.draft) d
  WHERE t.record_id = d.record_id AND t.draft = d.draft;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "file_entries_totals_insert" AFTER INSERT ON "file_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "file_entries_totals_insert"();
--> statement-breakpoint
CREATE TRIGGER "file_entries_totals_update" AFTER UPDATE ON "file_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "file_entries_totals"();
--> statement-breakpoint
CREATE TRIGGER "file_entries_totals_delete" AFTER DELETE ON "file_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "file_entries_totals_delete"();
--> statement-breakpoint
CREATE FUNCTION "file_objects_totals_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The parent first, then the bucket: every writer takes them in this order (no deadlock).
  INSERT INTO file_parent_totals AS t (parent_id, bytes)
  SELECT n.parent_id,
    sum(coalesce(n.size, n.declared_size, CASE WHEN n.status = 'pending' THEN n.reserved ELSE 0 END)
      - coalesce(o.size, o.declared_size, CASE WHEN o.status = 'pending' THEN o.reserved ELSE 0 END))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.parent_id IS NOT NULL GROUP BY n.parent_id
  HAVING sum(coalesce(n.size, n.declared_size, CASE WHEN n.status = 'pending' THEN n.reserved ELSE 0 END)
      - coalesce(o.size, o.declared_size, CASE WHEN o.status = 'pending' THEN o.reserved ELSE 0 END)) <> 0
  ON CONFLICT (parent_id) DO UPDATE SET bytes = t.bytes + excluded.bytes;
  UPDATE file_bucket_totals t SET
    bytes = t.bytes + d.bytes, stored = t.stored + d.stored, revision = t.revision + 1
  FROM (
    SELECT e.record_id, e.draft,
      sum(coalesce(n.size, e.declared_size, CASE WHEN e.status = 'pending' THEN n.reserved ELSE 0 END)
        - coalesce(o.size, e.declared_size, CASE WHEN e.status = 'pending' THEN o.reserved ELSE 0 END)) AS bytes,
      sum(coalesce(n.size, 0) - coalesce(o.size, 0)) AS stored
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN file_entries e ON e.object_id = n.id
    WHERE (n.size, n.reserved) IS DISTINCT FROM (o.size, o.reserved)
    GROUP BY e.record_id, e.draft) d
  WHERE t.record_id = d.record_id AND t.draft = d.draft;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "file_objects_totals_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO file_parent_totals AS t (parent_id, bytes)
  SELECT parent_id, sum(coalesce(size, declared_size, CASE WHEN status = 'pending' THEN reserved ELSE 0 END))
  FROM new_rows WHERE parent_id IS NOT NULL GROUP BY parent_id
  ON CONFLICT (parent_id) DO UPDATE SET bytes = t.bytes + excluded.bytes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "file_objects_totals_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE file_parent_totals t SET bytes = t.bytes - d.bytes
  FROM (
    SELECT parent_id, sum(coalesce(size, declared_size, CASE WHEN status = 'pending' THEN reserved ELSE 0 END)) AS bytes
    FROM old_rows WHERE parent_id IS NOT NULL GROUP BY parent_id) d
  WHERE t.parent_id = d.parent_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "file_objects_totals_insert" AFTER INSERT ON "file_objects"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "file_objects_totals_insert"();
--> statement-breakpoint
CREATE TRIGGER "file_objects_totals_update" AFTER UPDATE ON "file_objects"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "file_objects_totals_update"();
--> statement-breakpoint
CREATE TRIGGER "file_objects_totals_delete" AFTER DELETE ON "file_objects"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "file_objects_totals_delete"();
