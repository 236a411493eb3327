// Tables of sharing and mail. Grants and secret links live in schema.ts (the
// records issue needed them first); what sharing adds is here.
import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mail "sent" when no SMTP server is configured: administrators read it at
 * GET /api/admin/outbox, and each message is also written to the log.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The template it was rendered from, e.g. `grant-notification`. */
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created').on(t.createdAt)],
);
