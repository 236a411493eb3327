// The database schema. drizzle-kit generates the migrations in ./migrations
// from this file (`npm run db:generate -w packages/server`); a test fails when
// the two drift apart.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull().default(''),
    affiliations: text('affiliations').notNull().default(''),
    orcid: text('orcid'),
    /** 'public': others find this user when sharing. */
    visibility: text('visibility').notNull().default('restricted'),
    emailVisibility: text('email_visibility').notNull().default('restricted'),
    locale: text('locale'),
    isAdmin: boolean('is_admin').notNull().default(false),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    index('users_search_trgm').using(
      'gin',
      sql`(lower(${t.fullName} || ' ' || coalesce(${t.username}, ''))) gin_trgm_ops`,
    ),
  ],
);

export const groups = pgTable('groups', {
  id: text('id').primaryKey(),
  title: text('title').notNull().default(''),
  description: text('description').notNull().default(''),
  ...timestamps,
});

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a database leak reveals no usable session. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the token; the token itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_user').on(t.userId),
  ],
);

/** Failed logins per account and per address, counted in a window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
});

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
