// The audit log (issue "Audit log"): who changed access, published, deleted,
// restored, administered or changed a way of signing in; one row per change,
// written in the transaction of the change.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

type TextColumns = Record<
  'action' | 'subjectId' | 'actorAddress' | 'before' | 'after',
  AnyPgColumn
>;

/**
 * What the administrators' free-text search reads of an entry, as one
 * expression: the trigram index below is on exactly this, so the search must
 * use it unchanged to be served by the index.
 */
export const auditSearchText = (t: TextColumns) =>
  sql`(${t.action} || ' ' || ${t.subjectId} || ' ' || coalesce(${t.actorAddress}, '') || ' ' || coalesce(${t.before}::text, '') || ' ' || coalesce(${t.after}::text, ''))`;

/**
 * One recorded change. `actor_id` is null when the server acted on its own
 * (jobs); it is not a foreign key, so a deleted account keeps its history.
 * `before`/`after` hold only the fields that changed, never a secret.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorAddress: text('actor_address'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId, t.at),
    index('audit_events_actor_idx').on(t.actorId, t.at),
    index('audit_events_text_trgm').using('gin', sql`${auditSearchText(t)} gin_trgm_ops`),
  ],
);
