// Per-user limits (docs/SECURITY.md, "Quotas and creation rates").
import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
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
