// Accounts: users, their identities at providers, groups, sessions, API tokens
// and failed sign-ins.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
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
    /** Null for accounts that sign in only through an identity provider. */
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull().default(''),
    affiliations: text('affiliations').notNull().default(''),
    orcid: text('orcid'),
    /** 'public': others find this user when sharing. */
    visibility: text('visibility').notNull().default('restricted'),
    emailVisibility: text('email_visibility').notNull().default('restricted'),
    locale: text('locale'),
    /** When the owner proved they read mail at `email`; null: not yet (issue 23). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
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

/**
 * Identities at external providers (OpenID Connect, SAML) that sign a user in:
 * one per provider and user, and a provider's subject names one user only.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's id in the configuration (ARCA_OIDC_PROVIDERS). */
    provider: text('provider').notNull(),
    /** The provider's stable identifier of the person (`sub`, or a SAML NameID). */
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_subject_key').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_key').on(t.userId, t.provider),
  ],
);

/**
 * SAML authentication requests still awaiting their answer: an answer must name
 * one (InResponseTo), and using it removes it, so an answer cannot be replayed.
 */
export const samlRequests = pgTable('saml_requests', {
  id: text('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How the SAML IdP named the person of a session it signed in (NameID and
 * SessionIndex): single logout names them, from either side.
 */
export const samlSessions = pgTable(
  'saml_sessions',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    nameId: text('name_id').notNull(),
    nameIdFormat: text('name_id_format'),
    sessionIndex: text('session_index'),
  },
  (t) => [index('saml_sessions_name_id').on(t.nameId)],
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

/**
 * Attempts counted per key in a window (services/attempt-counter.ts): failed
 * logins per account and address, guest access requests per e-mail and address.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
});
