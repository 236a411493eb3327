import {
  isAccountId,
  type AuditAction,
  type AuditEvent,
  type AuditQuery,
  type AuditSubjectType,
} from '@arca/schema';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, auditSearchText, drafts, records, users } from '../../db/schema.ts';
import { accountPolicy } from '../../permissions/accounts.policy.ts';
import { can, type Actor, type Identity } from '../../permissions/policy.ts';
import { permissionDenied } from '../errors.ts';
import { checkWindow, type Page } from '../pagination.ts';
import { shownUsers } from '../people.ts';
import type { ShareTargets } from '../sharing/share-target.ts';

type AuditRow = typeof auditEvents.$inferSelect;

/** A subject id, or a record's or draft's id standing for its parent (entries are about parents). */
const subjectMatches = (id: string) =>
  or(
    eq(auditEvents.subjectId, id),
    and(
      eq(auditEvents.subjectType, 'parent'),
      sql`${auditEvents.subjectId} IN (SELECT parent_id FROM ${records} WHERE id = ${id}
        UNION SELECT parent_id FROM ${drafts} WHERE id = ${id})`,
    ),
  );

const DAY_MS = 24 * 3600_000;
const PURGE_BATCH = 5000;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
const pattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** An actor named by account id or by e-mail address (stored in lower case). */
const actorIs = (actor: string) =>
  isAccountId(actor)
    ? eq(auditEvents.actorId, Number(actor))
    : sql`${auditEvents.actorId} = (SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${actor.toLowerCase()})`;

/** Up to this many actors matching a text are named to the planner one by one. */
const NAMED_ACTORS_MAX = 500;

/**
 * Free text: the entry's own text (action, subject, address, changed values)
 * through its trigram index, or an actor's name or address. The actors are
 * looked up first and their ids written into the query: the planner, seeing
 * how few they are, combines the two indexes instead of reading the whole log
 * in date order. A text naming more actors than that matches much of the log
 * anyway, and keeps the subquery.
 */
export async function auditTextMatches(db: Database, text: string): Promise<SQL | undefined> {
  const like = pattern(text);
  const actors = db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.fullName, like), ilike(users.email, like), ilike(users.username, like)));
  const found = await actors.limit(NAMED_ACTORS_MAX + 1);
  const byActor =
    found.length === 0
      ? undefined
      : inArray(
          auditEvents.actorId,
          found.length > NAMED_ACTORS_MAX ? actors : found.map((u) => u.id),
        );
  return or(sql`${auditSearchText(auditEvents)} ILIKE ${like}`, byActor);
}

/**
 * Reading the audit log: administrators search all of it; those who may manage
 * a record's access read the record's own history. Old entries are purged
 * after the configured retention (0 keeps them forever).
 */
export function createAuditService(deps: {
  db: Database;
  targets: ShareTargets;
  retentionDays: number;
}) {
  const { db, targets } = deps;

  /** Entries with their actors' names (empty where the reader may not see one). */
  function present(
    rows: AuditRow[],
    names: Map<number, string>,
    withAddress: boolean,
  ): AuditEvent[] {
    return rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      actor: row.actorId === null ? null : { id: row.actorId, name: names.get(row.actorId) ?? '' },
      address: withAddress ? row.actorAddress : null,
      action: row.action as AuditAction,
      subject: { type: row.subjectType as AuditSubjectType, id: row.subjectId },
      before: row.before ?? null,
      after: row.after ?? null,
    }));
  }

  async function actorNames(rows: AuditRow[], reader: Actor | Identity | null) {
    const ids = [...new Set(rows.map((row) => row.actorId).filter((id) => id !== null))];
    if (ids.length === 0) return new Map<number, string>();
    const people = await db.select().from(users).where(inArray(users.id, ids));
    const shown = reader ? await shownUsers(db, reader, people) : null;
    return new Map(
      people.map((user) => [
        user.id,
        !shown || shown.has(user.id) ? user.fullName || user.username || user.email : '',
      ]),
    );
  }

  async function page(where: SQL | undefined, { page, size }: Page) {
    const [rows, [totals]] = await Promise.all([
      db
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(size)
        .offset((page - 1) * size),
      db.select({ total: count() }).from(auditEvents).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }

  return {
    /** The whole log, for administrators, filtered and newest first. */
    async search(who: Identity, query: AuditQuery) {
      if (!can(accountPolicy, 'canReadAuditLog', who, { userId: -1 })) throw permissionDenied();
      checkWindow(query.page, query.size);
      const where = and(
        query.action ? eq(auditEvents.action, query.action) : undefined,
        query.actor ? actorIs(query.actor) : undefined,
        query.subject ? subjectMatches(query.subject) : undefined,
        query.from ? gte(auditEvents.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
        query.to ? lt(auditEvents.at, nextDay(query.to)) : undefined,
        query.q ? await auditTextMatches(db, query.q) : undefined,
      );
      const { rows, total } = await page(where, query);
      return { hits: present(rows, await actorNames(rows, null), true), total };
    },

    /**
     * A record's access history, for those who may manage its access: what
     * happened to its parent, so every version shares it. Addresses stay with
     * administrators; names follow who the reader may see.
     */
    async recordHistory(actor: Actor, id: string, window: Page) {
      const target = await targets.managed(actor, id);
      checkWindow(window.page, window.size);
      const where = and(
        eq(auditEvents.subjectType, 'parent'),
        eq(auditEvents.subjectId, target.parent.id),
      );
      const { rows, total } = await page(where, window);
      return { hits: present(rows, await actorNames(rows, actor), false), total };
    },

    /**
     * Drops entries older than the retention, a batch at a time so a large
     * backlog never holds one long transaction; answers how many went.
     */
    async purge(now = new Date()): Promise<number> {
      if (deps.retentionDays <= 0) return 0;
      const cutoff = new Date(now.getTime() - deps.retentionDays * DAY_MS);
      let purged = 0;
      for (;;) {
        const batch = db
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(lt(auditEvents.at, cutoff))
          .limit(PURGE_BATCH);
        const gone = await db
          .delete(auditEvents)
          .where(inArray(auditEvents.id, batch))
          .returning({ id: auditEvents.id });
        purged += gone.length;
        if (gone.length < PURGE_BATCH) return purged;
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/** The recurring job that purges entries past their retention. */
export const AUDIT_PURGE_JOB = 'audit-purge';
