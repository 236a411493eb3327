// Files of drafts and records (API.md §2). Bytes live in storage as objects;
// file entries name them under a key. Versions share objects (files-import
// copies entries, never bytes), so an object is removed only when no entry
// refers to it any more.
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Stored bytes: one object per upload, shared by the entries of every version. */
export const fileObjects = pgTable(
  'file_objects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Where the storage backend keeps the bytes. */
    storageKey: text('storage_key').notNull(),
    /**
     * 'pending' until a commit has checked the bytes; then 'completed'. 'failed':
     * the sweep abandoned the upload (idle too long) and dropped its bytes.
     */
    status: text('status').notNull().default('pending'),
    size: bigint('size', { mode: 'number' }),
    /** `md5:<hex>` of the bytes at storage_key, once known (computed while they streamed). */
    checksum: text('checksum'),
    /** Hex SHA-256 of the bytes, computed beside the MD5 (null for bytes stored before it was). */
    sha256: text('sha256'),
    /** The uploader's own SHA-256 of the bytes agreed with the server's at commit. */
    verified: boolean('verified').notNull().default(false),
    /** When the fixity job last read the stored bytes back (null: never). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** When a fixity check last found the bytes changed or missing (null: they matched). */
    fixityFailedAt: timestamp('fixity_failed_at', { withTimezone: true }),
    /** The upload id of a multipart upload in progress. */
    uploadId: text('upload_id'),
    /**
     * Bytes held for an upload of unknown size while it streams, so that
     * concurrent uploads count against the quota together (upload-reservation.ts).
     */
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
    /** The parent whose versions hold it: its bytes count once for the parent's owner. */
    parentId: text('parent_id'),
    /** The size announced at init (as its entries say), counted until the bytes arrive. */
    declaredSize: bigint('declared_size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_objects_fixity').on(t.checkedAt.asc().nullsFirst())],
);

/** A file of a draft (`draft` true) or of a published record, under its key. */
export const fileEntries = pgTable(
  'file_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: text('record_id').notNull(),
    draft: boolean('draft').notNull(),
    key: text('key').notNull(),
    objectId: uuid('object_id')
      .notNull()
      .references(() => fileObjects.id),
    status: text('status').notNull().default('pending'),
    /** 'L' (local) or 'M' (multipart) while pending; 'L' once completed. */
    transferType: text('transfer_type').notNull().default('L'),
    parts: integer('parts'),
    partSize: bigint('part_size', { mode: 'number' }),
    /** The size announced at init; the upload may not differ from it. */
    declaredSize: bigint('declared_size', { mode: 'number' }),
    mimetype: text('mimetype').notNull().default('application/octet-stream'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_entries_key').on(t.recordId, t.draft, t.key),
    index('file_entries_object').on(t.objectId),
  ],
);

/** Parts of a multipart upload already held (local storage), so an upload can resume. */
export const fileParts = pgTable(
  'file_parts',
  {
    objectId: uuid('object_id')
      .notNull()
      .references(() => fileObjects.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Hex MD5 of the part, when the client sent Content-MD5. */
    md5: text('md5'),
  },
  (t) => [primaryKey({ columns: [t.objectId, t.part] })],
);

/** A per-record quota set by an administrator; it applies to every version of the parent. */
export const fileQuotas = pgTable('file_quotas', {
  parentId: text('parent_id').primaryKey(),
  maxFiles: integer('max_files').notNull(),
  maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Running totals of one draft's or record's files, kept by triggers in the
 * transaction of every change to its entries or their objects (migration
 * 0013), so that quota checks and record reads never list the files.
 * `bytes` counts as the quota does (arrived, else announced, else held);
 * `stored` only what arrived; `revision` grows with every change.
 */
export const fileBucketTotals = pgTable(
  'file_bucket_totals',
  {
    recordId: text('record_id').notNull(),
    draft: boolean('draft').notNull(),
    files: integer('files').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    stored: bigint('stored', { mode: 'number' }).notNull().default(0),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.draft] })],
);

/**
 * Bytes of every object a parent's versions hold, each object once (kept by
 * triggers like the bucket totals): a user's storage is the sum over their parents.
 */
export const fileParentTotals = pgTable('file_parent_totals', {
  parentId: text('parent_id').primaryKey(),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});
