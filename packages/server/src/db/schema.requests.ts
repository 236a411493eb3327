// Requests (community submissions, access requests...) and their timelines (API.md §4.3).
import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A short number people can quote. */
    number: serial('number').notNull(),
    type: text('type').notNull(),
    /** created, submitted, accepted, declined, cancelled, expired. */
    status: text('status').notNull().default('created'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** What the request is about, e.g. ('record', draft id). */
    topicType: text('topic_type'),
    topicId: text('topic_id'),
    /** Who decides: ('community', uuid), ('user', id), ('group', name) or ('email', address). */
    receiverType: text('receiver_type'),
    receiverId: text('receiver_id'),
    /** Who asked: ('user', id) or ('email', address). */
    creatorType: text('creator_type').notNull(),
    creatorId: text('creator_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revisionId: integer('revision_id').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('requests_topic').on(t.topicType, t.topicId),
    index('requests_receiver').on(t.receiverType, t.receiverId),
    index('requests_creator').on(t.creatorType, t.creatorId),
  ],
);

/** The timeline of a request: comments (C) and logs of status changes (L). */
export const requestEvents = pgTable(
  'request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The author: a user id; null for the system. */
    createdBy: integer('created_by'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The comment this one replies to. */
    parentId: uuid('parent_id'),
    revisionId: integer('revision_id').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_events_request').on(t.requestId, t.createdAt)],
);
