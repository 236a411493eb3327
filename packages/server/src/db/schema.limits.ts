// Per-user limits (docs/SECURITY.md, "Quotas and creation rates").
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** Limits an administrator raised (or lowered) for one user; null keeps the configured default. */
export const userQuotas = pgTable('user_quotas', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  maxDrafts: integer('max_drafts'),
  maxBytes: bigint('max_bytes', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Actions counted per key in a fixed window (services/rate-limiter.ts). */
export const rateWindows = pgTable('rate_windows', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
