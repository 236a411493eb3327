// Communities and their members (SPEC §3 Community; API.md §5.1).
import type { CommunityTombstone } from '@arca/schema';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The community's own web site; '' when it has none. */
    website: text('website').notNull().default(''),
    /** 'public': anyone sees it; 'restricted': only its members. */
    visibility: text('visibility').notNull().default('public'),
    /** 'open': anyone signed in may submit; 'closed': members only. */
    submissionPolicy: text('submission_policy').notNull().default('open'),
    /** 'open': curators, managers and owners include directly; 'members': every member; 'closed': nobody. */
    reviewPolicy: text('review_policy').notNull().default('open'),
    /** 'public': anyone who sees the community sees its visible members; 'restricted': members only. */
    membersVisibility: text('members_visibility').notNull().default('restricted'),
    /** 'open': people may ask to join; 'closed': managers invite them. */
    memberPolicy: text('member_policy').notNull().default('closed'),
    /** The organisations behind the community, by name. */
    organizations: jsonb('organizations').$type<{ name: string }[]>().notNull().default([]),
    /** The "About" page: sanitised rich text, longer than the description. */
    page: text('page').notNull().default(''),
    /** What curators look for, shown to submitters (sanitised rich text). */
    curationPolicy: text('curation_policy').notNull().default(''),
    /** The brand colour (`#rrggbb`) of its pages and upload form; null: the site's. */
    brandColor: text('brand_color'),
    /** A community with its own upload form at /communities/{slug}/upload. */
    themeEnabled: boolean('theme_enabled').notNull().default(false),
    /** Media type of the stored logo; null when there is none. */
    logoType: text('logo_type'),
    /**
     * Where the logo's bytes are in storage: a fresh key per upload, so a
     * logo is never rewritten in place; null when none (or one stored before
     * logos moved to storage, still on the local disk).
     */
    logoKey: text('logo_key'),
    /**
     * InvenioRDM's `deletion_status`: 'P' live, 'D' deleted (soft: the row, its
     * members and its slug stay, so that a restore brings it back as it was).
     */
    deletionStatus: text('deletion_status').notNull().default('P'),
    /** Why, when and by whom it was deleted (services/communities/tombstone.ts); null when live. */
    tombstone: jsonb('tombstone').$type<CommunityTombstone>(),
    revisionId: integer('revision_id').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('communities_slug_key').on(t.slug),
    index('communities_search_trgm').using(
      'gin',
      sql`(lower(${t.title} || ' ' || ${t.slug} || ' ' || ${t.description})) gin_trgm_ops`,
    ),
  ],
);

export const communityMembers = pgTable(
  'community_members',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner, manager, curator or reader. */
    role: text('role').notNull(),
    /** Whether the membership shows to those who are not managers (InvenioRDM's `visible`). */
    visible: boolean('visible').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index('community_members_user').on(t.userId),
  ],
);

/**
 * Invitations mailed to an address with no account yet (or one unknown to the
 * inviter). The mailed link names the row; opening it signed in with that
 * address, verified, turns it into an ordinary invitation request. A row is
 * claimed once.
 */
export const communityEmailInvitations = pgTable(
  'community_email_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    /** Lower case: addresses compare without regard to case. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    message: text('message').notNull().default(''),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'pending', 'claimed' (it became a request) or 'cancelled'. */
    status: text('status').notNull().default('pending'),
    /** The invitation request the claim made. */
    requestId: uuid('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('community_email_invitations_community').on(t.communityId, t.status),
    // One open invitation per address and community.
    uniqueIndex('community_email_invitations_open')
      .on(t.communityId, t.email)
      .where(sql`${t.status} = 'pending'`),
  ],
);
