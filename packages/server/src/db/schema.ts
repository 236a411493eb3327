// The database schema. drizzle-kit generates the migrations in ./migrations
// from this file (`npm run db:generate -w packages/server`); a test fails when
// the two drift apart.
import type { RecordDocument } from '@arca/schema';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema.accounts.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const daterange = customType<{ data: string }>({ dataType: () => 'daterange' });
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Every vocabulary (licences, languages, affiliations, names...) in one table. */
export const vocabularies = pgTable(
  'vocabularies',
  {
    type: text('type').notNull(),
    id: text('id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-cased text the `q` and `suggest` searches match against. */
    searchText: text('search_text').notNull(),
    sortKey: text('sort_key').notNull(),
    revisionId: integer('revision_id').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('vocabularies_sort').on(t.type, t.sortKey),
    index('vocabularies_tags').using('gin', t.tags),
    index('vocabularies_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Small key-value facts about this installation (e.g. the loaded vocabulary version). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** The concept record that every version shares: owner, sharing, communities, concept PIDs. */
export const parents = pgTable(
  'parents',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** Access request settings (allow_user_requests, ...). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    communities: jsonb('communities').$type<Record<string, unknown>>().notNull().default({}),
    pids: jsonb('pids').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('parents_owner').on(t.ownerId),
    index('parents_communities').using('gin', sql`(${t.communities} -> 'ids')`),
  ],
);

/**
 * Columns shared by drafts and published records: the JSON document as the
 * API speaks it, plus columns derived from it for search, facets and sorting.
 */
const recordColumns = {
  id: text('id').primaryKey(),
  parentId: text('parent_id')
    .notNull()
    .references(() => parents.id, { onDelete: 'cascade' }),
  versionIndex: integer('version_index').notNull(),
  /** metadata, custom_fields, access, files and pids, as saved. */
  document: jsonb('document').$type<RecordDocument>().notNull(),
  revisionId: integer('revision_id').notNull().default(1),
  title: text('title').notNull().default(''),
  resourceType: text('resource_type'),
  accessRecord: text('access_record').notNull().default('public'),
  accessStatus: text('access_status').notNull().default('open'),
  creatorNames: text('creator_names')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  fileTypes: text('file_types')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  searchVector: tsvector('search_vector').notNull(),
  /** Lower-cased `field=value` and `field:word` keys field queries match (search-fields.ts). */
  searchKeys: text('search_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * The same keys, one per line, for prefix matches through a trigram index.
   * Null until computed (rows older than these columns: search-backfill.ts).
   */
  searchFields: text('search_fields'),
  /** The days metadata.publication_date spans, for range queries. */
  publicationRange: daterange('publication_range'),
  ...timestamps,
};

/** The indexes field queries, sorting and paging use, on drafts and records alike. */
const searchIndexes = (
  name: string,
  t: Record<'searchKeys' | 'searchFields' | 'publicationRange', AnyPgColumn>,
) => [
  index(`${name}_keys`).using('gin', t.searchKeys),
  index(`${name}_fields_trgm`).using('gin', sql`${t.searchFields} gin_trgm_ops`),
  index(`${name}_publication`).using('gist', t.publicationRange),
];

export const drafts = pgTable('drafts', recordColumns, (t) => [
  index('drafts_parent').on(t.parentId),
  // One draft per version of a parent: concurrent "new version" calls cannot open two.
  uniqueIndex('drafts_parent_version').on(t.parentId, t.versionIndex),
  index('drafts_search').using('gin', t.searchVector),
  ...searchIndexes('drafts', t),
  index('drafts_created').on(t.createdAt.desc().nullsFirst(), t.id),
  index('drafts_updated').on(t.updatedAt.desc().nullsFirst(), t.id),
]);

export const records = pgTable(
  'records',
  {
    ...recordColumns,
    /** The newest published version of its parent. */
    isLatest: boolean('is_latest').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The transaction that published it. `published_at` is that transaction's start,
     * so it may commit after a harvest passed that time: a harvest's next page takes
     * the records its previous page's snapshot could not see (services/harvest/).
     */
    publishedXid: xid8('published_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /**
     * InvenioRDM's deletion status: `P` published, `D` deleted (a tombstone).
     * Search, OAI-PMH and every read look at it: a deleted record answers 410.
     */
    deletionStatus: text('deletion_status').notNull().default('P'),
    /** When it was deleted (null while published): OAI-PMH's datestamp of a deleted record. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The tombstone as InvenioRDM dumps it (removal_reason, note, removed_by, ...). */
    tombstone: jsonb('tombstone').$type<Record<string, unknown>>(),
  },
  (t) => [
    // One record per version index, and one latest version, per parent.
    uniqueIndex('records_parent_version').on(t.parentId, t.versionIndex),
    uniqueIndex('records_one_latest')
      .on(t.parentId)
      .where(sql`${t.isLatest}`),
    index('records_search').using('gin', t.searchVector),
    // Pages in the default orders read the first rows of these and stop (the LIMIT).
    index('records_latest_created').on(t.isLatest, t.createdAt.desc().nullsFirst(), t.id),
    index('records_latest_updated').on(t.isLatest, t.updatedAt.desc().nullsFirst(), t.id),
    index('records_created').on(t.createdAt.desc().nullsFirst(), t.id),
    index('records_resource_type').on(t.resourceType),
    // OAI-PMH walks and sitemaps go in publication order, a page at a time.
    index('records_published').on(t.publishedAt, t.id),
    index('records_published_xid').on(t.publishedXid),
    index('records_access_status').on(t.accessStatus),
    // Facet counts read only this index (an index-only scan) when nothing else is asked;
    // with the parent's id, which the permission filters test, and the record's id,
    // which "my uploads" tests (is there an edit draft?).
    index('records_facets').on(
      t.isLatest,
      t.accessRecord,
      t.resourceType,
      t.accessStatus,
      t.fileTypes,
      t.parentId,
      t.id,
    ),
    ...searchIndexes('records', t),
  ],
);

/** Access granted on a parent to a user or a group (role). */
export const grants = pgTable(
  'grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: text('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    permission: text('permission').notNull(),
    origin: text('origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grants_subject_key').on(t.parentId, t.subjectType, t.subjectId),
    index('grants_subject').on(t.subjectType, t.subjectId),
  ],
);

/** Secret links: the token is an HMAC of the id, so nothing secret is stored. */
export const secretLinks = pgTable(
  'secret_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: text('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    description: text('description').notNull().default(''),
    expiresAt: date('expires_at'),
    origin: text('origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Caps (null: none): uses of any kind, and file downloads among them. */
    maxUses: integer('max_uses'),
    maxDownloads: integer('max_downloads'),
    /** Only the first browser that uses it may use it again. */
    oneVisitor: boolean('one_visitor').notNull().default(false),
    /** The bound browser, as an HMAC of its cookie (one-visitor links). */
    boundBrowser: text('bound_browser'),
    /** Mail the record's owner when the link is used the first time. */
    notifyFirstUse: boolean('notify_first_use').notNull().default(false),
    /** Spent atomically with the caps' check, so parallel uses cannot overrun them. */
    useCount: integer('use_count').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    /**
     * Distinct visitors and the last use, kept with the counts: the usage a
     * manager sees outlives the uses the retention deletes.
     */
    visitorCount: integer('visitor_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('secret_links_parent').on(t.parentId)],
);

/**
 * Each use of a secret link: what it opened and a salted, daily-rotating hash
 * of who (the statistics' visitor hash), never an address.
 */
export const secretLinkUses = pgTable(
  'secret_link_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => secretLinks.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    recordId: text('record_id').notNull(),
    /** The downloaded file's key; null for a read of the record. */
    fileKey: text('file_key'),
    visitor: text('visitor').notNull(),
    /** The visitor's number on this link (1 for the first), what its managers see. */
    visitorNumber: integer('visitor_number').notNull(),
  },
  (t) => [
    index('secret_link_uses_link').on(t.linkId, t.usedAt),
    index('secret_link_uses_visitor').on(t.linkId, t.visitor),
    // The retention's purge reads the oldest uses of all links.
    index('secret_link_uses_used_at').on(t.usedAt),
  ],
);

/** Persistent identifiers, unique per scheme across all records. */
export const pids = pgTable(
  'pids',
  {
    scheme: text('scheme').notNull(),
    identifier: text('identifier').notNull(),
    /** The record (or, for a concept PID, the parent) it identifies. */
    objectId: text('object_id').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    /** At a registration agency (DataCite): the state asked for, `draft`, `registered` or `findable`. */
    agencyTarget: text('agency_target'),
    /** The state the agency last confirmed; equal to the target once in sync. */
    agencyState: text('agency_state'),
    /** Why the last attempt to reach the target failed (null: it did not). */
    agencyError: text('agency_error'),
    /** What the failed attempt sent (a hash): a failure is tried again once that changes. */
    agencyDigest: text('agency_digest'),
    agencyUpdatedAt: timestamp('agency_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scheme, t.identifier] }),
    index('pids_object').on(t.objectId),
    index('pids_agency_failed')
      .on(t.agencyUpdatedAt)
      .where(sql`${t.agencyError} IS NOT NULL`),
  ],
);

/** Persisted jobs, claimed with FOR UPDATE SKIP LOCKED by any app server. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** At most one pending job per key (e.g. one embargo lift per record). */
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Bumped when a pending job is replaced: a run of an older revision does not remove it. */
    revision: integer('revision').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('jobs_key').on(t.key), index('jobs_due').on(t.runAt)],
);
export * from './schema.accounts.ts';
export * from './schema.sharing.ts';
export * from './schema.communities.ts';
export * from './schema.requests.ts';
export * from './schema.files.ts';
export * from './schema.limits.ts';
export * from './schema.stats.ts';
export * from './schema.audit.ts';
