import { and, asc, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  fileBucketTotals,
  fileEntries,
  fileObjects,
  fileParentTotals,
  fileParts,
  fileQuotas,
  parents,
} from '../../db/schema.ts';

export type FileEntryRow = typeof fileEntries.$inferSelect;
export type FileObjectRow = typeof fileObjects.$inferSelect;
export type FileWithObject = { entry: FileEntryRow; object: FileObjectRow };

/**
 * What a read of a draft or record knows of its files: the running totals
 * (quota bytes, stored bytes, counts, a revision that moves with every
 * change) and, for a record with at most FILES_INLINE_LIMIT files, the
 * entries themselves; a larger record is listed a page at a time.
 */
export interface FileSummary {
  count: number;
  completed: number;
  /** Bytes as the quota counts them (quota.ts, `bytesOf`). */
  bytes: number;
  /** Bytes that arrived: the record's `total_bytes`. */
  stored: number;
  revision: number;
  entries: FileWithObject[] | null;
}

export { fileListFromJson, fileListJson, fileTotalsOnlyJson } from './file-list-json.ts';

const NO_TOTALS = { files: 0, completed: 0, bytes: 0, stored: 0, revision: 0 };

/** The summary of a record without files (one being created). */
export const NO_FILES: FileSummary = {
  count: 0,
  completed: 0,
  bytes: 0,
  stored: 0,
  revision: 0,
  entries: [],
};

/** Data access for file entries, the objects they name, parts and quotas. */
export function createFilesRepository(db: Database) {
  const prepareList = () =>
    db
      .select({ entry: fileEntries, object: fileObjects })
      .from(fileEntries)
      .innerJoin(fileObjects, eq(fileObjects.id, fileEntries.objectId))
      .where(
        and(
          eq(fileEntries.recordId, sql.placeholder('recordId')),
          eq(fileEntries.draft, sql.placeholder('draft')),
        ),
      )
      .orderBy(asc(fileEntries.createdAt), asc(fileEntries.key))
      .prepare('file_entries_of');
  let listQuery: ReturnType<typeof prepareList> | undefined;
  const bucket = (recordId: string, draft: boolean) =>
    and(eq(fileEntries.recordId, recordId), eq(fileEntries.draft, draft));

  return {
    db,

    /** Read with every record and draft view: prepared on first use. */
    async list(recordId: string, draft: boolean): Promise<FileWithObject[]> {
      listQuery ??= prepareList();
      return listQuery.execute({ recordId, draft });
    },

    /** Up to `size` entries after the key `after`, by key (a page of a listing). */
    async page(
      recordId: string,
      draft: boolean,
      after: string | undefined,
      size: number,
    ): Promise<FileWithObject[]> {
      return db
        .select({ entry: fileEntries, object: fileObjects })
        .from(fileEntries)
        .innerJoin(fileObjects, eq(fileObjects.id, fileEntries.objectId))
        .where(
          after === undefined
            ? bucket(recordId, draft)
            : and(bucket(recordId, draft), gt(fileEntries.key, after)),
        )
        .orderBy(asc(fileEntries.key))
        .limit(size);
    },

    /** The entries under these keys. */
    async findMany(recordId: string, draft: boolean, keys: string[]): Promise<FileWithObject[]> {
      if (keys.length === 0) return [];
      return db
        .select({ entry: fileEntries, object: fileObjects })
        .from(fileEntries)
        .innerJoin(fileObjects, eq(fileObjects.id, fileEntries.objectId))
        .where(and(bucket(recordId, draft), inArray(fileEntries.key, keys)));
    },

    /** The running totals of a draft's or record's files (kept by triggers, migration 0013). */
    async totals(recordId: string, draft: boolean) {
      const [row] = await db
        .select()
        .from(fileBucketTotals)
        .where(and(eq(fileBucketTotals.recordId, recordId), eq(fileBucketTotals.draft, draft)));
      return row ?? { recordId, draft, ...NO_TOTALS };
    },

    /** Bytes of every object held by the parents a user owns, each object once. */
    async ownerBytes(ownerId: number): Promise<number> {
      const [row] = await db
        .select({ bytes: sql<string | number>`coalesce(sum(${fileParentTotals.bytes}), 0)` })
        .from(fileParentTotals)
        .innerJoin(parents, eq(parents.id, fileParentTotals.parentId))
        .where(eq(parents.ownerId, ownerId));
      return Number(row?.bytes ?? 0);
    },

    /** What one object holds of its owner's storage (as the parent totals count it). */
    async objectBytes(objectId: string): Promise<number> {
      const [row] = await db
        .select({
          bytes: sql<number>`coalesce(${fileObjects.size}, ${fileObjects.declaredSize},
            CASE WHEN ${fileObjects.status} = 'pending' THEN ${fileObjects.reserved} ELSE 0 END)`.mapWith(
            Number,
          ),
        })
        .from(fileObjects)
        .where(eq(fileObjects.id, objectId));
      return row?.bytes ?? 0;
    },

    async find(recordId: string, draft: boolean, key: string): Promise<FileWithObject | undefined> {
      const [row] = await db
        .select({ entry: fileEntries, object: fileObjects })
        .from(fileEntries)
        .innerJoin(fileObjects, eq(fileObjects.id, fileEntries.objectId))
        .where(and(bucket(recordId, draft), eq(fileEntries.key, key)));
      return row;
    },

    /** Serialises changes to one draft's files (quota checks, imports). */
    async lockBucket(recordId: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`files:${recordId}`}))`);
    },

    async insertObject(values: typeof fileObjects.$inferInsert): Promise<FileObjectRow> {
      const [row] = await db.insert(fileObjects).values(values).returning();
      return row!;
    },

    async insertEntry(values: typeof fileEntries.$inferInsert): Promise<FileEntryRow> {
      const [row] = await db.insert(fileEntries).values(values).returning();
      return row!;
    },

    async lockObject(id: string): Promise<FileObjectRow | undefined> {
      const [row] = await db.select().from(fileObjects).where(eq(fileObjects.id, id)).for('update');
      return row;
    },

    async updateObject(id: string, values: Partial<typeof fileObjects.$inferInsert>) {
      const [row] = await db
        .update(fileObjects)
        .set(values)
        .where(eq(fileObjects.id, id))
        .returning();
      return row;
    },

    async updateEntry(id: string, values: Partial<typeof fileEntries.$inferInsert>) {
      const [row] = await db
        .update(fileEntries)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(fileEntries.id, id))
        .returning();
      return row!;
    },

    /** Deletes entries; returns the objects they named (to collect if now unreferenced). */
    async deleteEntries(recordId: string, draft: boolean, key?: string): Promise<string[]> {
      const rows = await db
        .delete(fileEntries)
        .where(
          key === undefined
            ? bucket(recordId, draft)
            : and(bucket(recordId, draft), eq(fileEntries.key, key)),
        )
        .returning({ objectId: fileEntries.objectId });
      return rows.map((row) => row.objectId);
    },

    /** Copies every entry of one bucket into another, naming the same objects. */
    async copyEntries(
      from: { recordId: string; draft: boolean },
      to: { recordId: string; draft: boolean },
    ): Promise<void> {
      await db.execute(sql`
        INSERT INTO ${fileEntries} (record_id, draft, key, object_id, status, transfer_type,
          declared_size, mimetype, metadata, hidden, created_at, updated_at)
        SELECT ${to.recordId}, ${to.draft}, key, object_id, status, transfer_type,
          declared_size, mimetype, metadata, hidden, created_at, now()
        FROM ${fileEntries} WHERE record_id = ${from.recordId} AND draft = ${from.draft}
        ON CONFLICT DO NOTHING`);
    },

    /** Turns a draft's entries into its published record's, replacing those it had. */
    async publishEntries(recordId: string): Promise<string[]> {
      const replaced = await this.deleteEntries(recordId, false);
      await db.update(fileEntries).set({ draft: false }).where(bucket(recordId, true));
      return replaced;
    },

    /**
     * Removes the objects no entry names any more; returns what storage must
     * drop. Runs after the deleting transaction committed.
     */
    async deleteUnreferenced(objectIds: string[]): Promise<FileObjectRow[]> {
      if (objectIds.length === 0) return [];
      return db
        .delete(fileObjects)
        .where(
          and(
            inArray(fileObjects.id, objectIds),
            sql`NOT EXISTS (SELECT 1 FROM ${fileEntries} e WHERE e.object_id = ${fileObjects.id})`,
          ),
        )
        .returning();
    },

    /**
     * Object rows no entry names, created before `before` (a crash came between
     * an entry's delete and the collection after it): deleted, and returned so
     * that storage drops their bytes.
     */
    async deleteOrphanObjects(before: Date): Promise<FileObjectRow[]> {
      return db
        .delete(fileObjects)
        .where(
          and(
            lt(fileObjects.createdAt, before),
            sql`NOT EXISTS (SELECT 1 FROM ${fileEntries} e WHERE e.object_id = ${fileObjects.id})`,
          ),
        )
        .returning();
    },

    /** Pending uploads whose rows have not changed since `before`, with their entries' last change. */
    async idleUploads(before: Date): Promise<{ object: FileObjectRow; changed: Date }[]> {
      const changed = max(fileEntries.updatedAt);
      const rows = await db
        .select({ object: fileObjects, changed })
        .from(fileObjects)
        .innerJoin(fileEntries, eq(fileEntries.objectId, fileObjects.id))
        .where(and(eq(fileObjects.status, 'pending'), lt(fileObjects.createdAt, before)))
        .groupBy(fileObjects.id)
        .having(lt(changed, before));
      return rows.map((row) => ({
        object: row.object,
        changed: row.changed ?? row.object.createdAt,
      }));
    },

    /**
     * Gives an upload up (inside a transaction): its entries fail, the object
     * names a fresh key with no bytes (so a commit under way sees it changed),
     * its parts are forgotten. Null when it is no longer the pending upload at
     * `storageKey`; else what it was, for storage to drop its bytes.
     */
    async abandonUpload(
      objectId: string,
      storageKey: string,
      freshKey: string,
    ): Promise<FileObjectRow | null> {
      const object = await this.lockObject(objectId);
      if (!object || object.status !== 'pending' || object.storageKey !== storageKey) return null;
      // The object first: its totals' rows are locked in the order other writers take them.
      await db
        .update(fileObjects)
        .set({ status: 'failed', storageKey: freshKey, uploadId: null, size: null, checksum: null })
        .where(eq(fileObjects.id, objectId));
      await db
        .update(fileEntries)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(eq(fileEntries.objectId, objectId));
      await db.delete(fileParts).where(eq(fileParts.objectId, objectId));
      return object;
    },

    /** Which of these storage keys an object row names. */
    async namedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: fileObjects.storageKey })
        .from(fileObjects)
        .where(inArray(fileObjects.storageKey, keys));
      return new Set(rows.map((row) => row.key));
    },

    /** Which of these multipart upload ids an object row names. */
    async namedUploads(uploadIds: string[]): Promise<Set<string>> {
      if (uploadIds.length === 0) return new Set();
      const rows = await db
        .select({ uploadId: fileObjects.uploadId })
        .from(fileObjects)
        .where(inArray(fileObjects.uploadId, uploadIds));
      return new Set(rows.flatMap((row) => (row.uploadId ? [row.uploadId] : [])));
    },

    async partsOf(objectId: string) {
      return db
        .select()
        .from(fileParts)
        .where(eq(fileParts.objectId, objectId))
        .orderBy(asc(fileParts.part));
    },

    async forgetPart(objectId: string, part: number) {
      await db
        .delete(fileParts)
        .where(and(eq(fileParts.objectId, objectId), eq(fileParts.part, part)));
    },

    /** Records a part as held; answers every part held now, in order (one round trip). */
    async recordPart(
      objectId: string,
      part: number,
      size: number,
      md5: string | null,
    ): Promise<number[]> {
      const result: unknown = await db.execute(sql`
        WITH recorded AS (
          INSERT INTO ${fileParts} (object_id, part, size, md5)
          VALUES (${objectId}, ${part}, ${size}, ${md5})
          ON CONFLICT (object_id, part) DO UPDATE SET size = excluded.size, md5 = excluded.md5
          RETURNING part)
        SELECT part FROM recorded
        UNION SELECT part FROM ${fileParts} WHERE object_id = ${objectId}
        ORDER BY part`);
      return (result as { rows: { part: number }[] }).rows.map((row) => Number(row.part));
    },

    async quota(parentId: string) {
      const [row] = await db.select().from(fileQuotas).where(eq(fileQuotas.parentId, parentId));
      return row;
    },

    async setQuota(parentId: string, maxFiles: number, maxBytes: number) {
      await db
        .insert(fileQuotas)
        .values({ parentId, maxFiles, maxBytes })
        .onConflictDoUpdate({
          target: fileQuotas.parentId,
          set: { maxFiles, maxBytes, updatedAt: new Date() },
        });
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
