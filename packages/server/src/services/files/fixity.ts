import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  sum,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fileEntries, fileObjects, users } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { accountPolicy } from '../../permissions/accounts.policy.ts';
import { can, type Identity } from '../../permissions/policy.ts';
import type { Storage } from '../../storage/storage.ts';
import { permissionDenied } from '../errors.ts';
import { checkWindow, type Page } from '../pagination.ts';

export const FILES_FIXITY_JOB = 'files-fixity';

const DAY_MS = 24 * 3600_000;
/** Files named in one alert mail, at most. */
const NAMED = 10;

export interface FixityConfig {
  /** The share of all stored bytes read back per day (1: everything daily). */
  sharePerDay: number;
  /** How often a run reads its slice. */
  intervalMs: number;
}

/** One object found changed or missing, with the files that hold it. */
export interface FixityFailure {
  objectId: string;
  failedAt: Date;
  checkedAt: Date | null;
  size: number | null;
  files: { recordId: string; draft: boolean; key: string }[];
}

/**
 * The fixity check: each run reads back the stored objects checked longest
 * ago (never-checked first), up to its share of all stored bytes, and
 * compares size, MD5 and SHA-256 with what the commit recorded. An object
 * that newly fails is mailed to every administrator; the admin dashboard
 * lists the failing ones.
 */
export function createFixityCheck(deps: {
  db: Database;
  storage: Storage;
  mailer: Mailer;
  siteUrl: string;
  config: FixityConfig;
}) {
  const { db, storage, mailer, config } = deps;
  const completed = eq(fileObjects.status, 'completed');

  /** Bytes this run may read: its share of the day's, at least one object. */
  async function budget(): Promise<number> {
    const [row] = await db
      .select({ bytes: sum(fileObjects.size) })
      .from(fileObjects)
      .where(completed);
    const total = Number(row?.bytes ?? 0);
    return (total * config.sharePerDay * config.intervalMs) / DAY_MS;
  }

  /** Reads one object back: whether its bytes are still the ones committed. */
  async function verify(object: typeof fileObjects.$inferSelect): Promise<boolean> {
    const hashed = await storage.hash(object.storageKey).catch(() => null);
    if (!hashed) return false;
    if (hashed.size !== object.size || `md5:${hashed.md5}` !== object.checksum) return false;
    if (object.sha256 === null) {
      // Bytes stored before SHA-256 was computed: known to match by MD5, their SHA-256 kept.
      await db
        .update(fileObjects)
        .set({ sha256: hashed.sha256 })
        .where(eq(fileObjects.id, object.id));
      return true;
    }
    return hashed.sha256 === object.sha256;
  }

  /**
   * Takes the object checked longest ago (never checked first) and not yet in
   * this run, stamping it at once, so that runs side by side read different ones.
   */
  async function claim(now: Date) {
    const due = db
      .select({ id: fileObjects.id })
      .from(fileObjects)
      .where(and(completed, or(isNull(fileObjects.checkedAt), lt(fileObjects.checkedAt, now))))
      .orderBy(sql`${fileObjects.checkedAt} ASC NULLS FIRST`, asc(fileObjects.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [object] = await db
      .update(fileObjects)
      .set({ checkedAt: now })
      .where(eq(fileObjects.id, sql`(${due})`))
      .returning();
    return object;
  }

  async function alert(failed: string[]): Promise<void> {
    const rows = await db
      .select({ recordId: fileEntries.recordId, key: fileEntries.key })
      .from(fileEntries)
      .where(inArray(fileEntries.objectId, failed))
      .orderBy(fileEntries.recordId, fileEntries.key)
      .limit(NAMED);
    const files = rows.map((r) => `${r.recordId}/${r.key}`).join(', ');
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.active, true)));
    await db.transaction(async (tx) => {
      for (const admin of admins) {
        await mailer.queue(tx, {
          to: admin.email,
          template: 'fixity-alert',
          params: { url: `${deps.siteUrl}/admin`, count: String(failed.length), files },
        });
      }
    });
  }

  return {
    /** One run; `now` for tests. Answers what it read and what failed. */
    async run(now = new Date()): Promise<{ checked: number; bytes: number; failed: number }> {
      const allowed = await budget();
      let bytes = 0;
      let checked = 0;
      const newlyFailed: string[] = [];
      let failed = 0;
      while (checked === 0 || bytes < allowed) {
        const object = await claim(now);
        if (!object) break;
        const good = await verify(object);
        if (good) {
          await db
            .update(fileObjects)
            .set({ fixityFailedAt: null })
            .where(eq(fileObjects.id, object.id));
        } else {
          failed++;
          // Only the run that marks it first alerts (runs may overlap).
          const marked = await db
            .update(fileObjects)
            .set({ fixityFailedAt: now })
            .where(and(eq(fileObjects.id, object.id), isNull(fileObjects.fixityFailedAt)))
            .returning({ id: fileObjects.id });
          if (marked.length) newlyFailed.push(object.id);
        }
        checked++;
        bytes += object.size ?? 0;
      }
      if (newlyFailed.length) await alert(newlyFailed);
      return { checked, bytes, failed };
    },

    /** Objects whose last check failed, newest failure first (administrators). */
    async failures(
      who: Identity,
      { page, size }: Page,
    ): Promise<{ rows: FixityFailure[]; total: number }> {
      if (!can(accountPolicy, 'canMonitor', who, { userId: -1 })) throw permissionDenied();
      checkWindow(page, size);
      const failing = and(completed, isNotNull(fileObjects.fixityFailedAt));
      const [objects, [total]] = await Promise.all([
        db
          .select()
          .from(fileObjects)
          .where(failing)
          .orderBy(desc(fileObjects.fixityFailedAt), asc(fileObjects.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(fileObjects).where(failing),
      ]);
      const entries = objects.length
        ? await db
            .select()
            .from(fileEntries)
            .where(
              inArray(
                fileEntries.objectId,
                objects.map((o) => o.id),
              ),
            )
            .orderBy(fileEntries.recordId, fileEntries.key)
        : [];
      const rows = objects.map((o) => ({
        objectId: o.id,
        failedAt: o.fixityFailedAt!,
        checkedAt: o.checkedAt,
        size: o.size,
        files: entries
          .filter((e) => e.objectId === o.id)
          .map((e) => ({ recordId: e.recordId, draft: e.draft, key: e.key })),
      }));
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type FixityCheck = ReturnType<typeof createFixityCheck>;
