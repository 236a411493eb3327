import { asc, eq } from 'drizzle-orm';
import { auditEvents } from '../src/db/schema.ts';
import type { TestApp } from './harness.ts';

export type AuditRow = typeof auditEvents.$inferSelect;

/** The entries about one subject, oldest first, straight from the table. */
export const entriesAbout = (t: TestApp, subjectId: string | number): Promise<AuditRow[]> =>
  t.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.subjectId, String(subjectId)))
    .orderBy(asc(auditEvents.id));

/** Every entry, oldest first. */
export const allEntries = (t: TestApp): Promise<AuditRow[]> =>
  t.db.select().from(auditEvents).orderBy(asc(auditEvents.id));

/** The action names of some entries, in order. */
export const actions = (rows: AuditRow[]) => rows.map((row) => row.action);
