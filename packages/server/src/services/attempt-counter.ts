import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginFailures as attempts } from '../db/schema.ts';

export interface AttemptLimit {
  key: string;
  max: number;
}

/** Refused: the seconds until the first exhausted limit's window ends. */
export type Reservation = { ok: true } | { ok: false; retryAfterSeconds: number };

type Runner = Pick<Database, 'insert'>;

/**
 * Counts attempts per key in a fixed window, in the database so that every
 * app server sees the same counts (failed logins, guest access requests).
 *
 * An attempt is reserved before the work it limits (a password check, a
 * mail), and the test and the increment are one statement: a check first and
 * a count afterwards let every parallel caller pass the check (issue 22).
 */
export function createAttemptCounter(db: Database, windowMs: number) {
  /**
   * Counts one attempt on `key` unless its count has reached `max` in the
   * current window; an expired window starts again at 1. Row-locked by the
   * upsert, so concurrent callers see each other's counts.
   */
  async function take(runner: Runner, { key, max }: AttemptLimit): Promise<boolean> {
    const now = new Date();
    const expired = new Date(now.getTime() - windowMs);
    const taken = await runner
      .insert(attempts)
      .values({ key, windowStart: now, failures: 1 })
      .onConflictDoUpdate({
        target: attempts.key,
        set: {
          failures: sql`CASE WHEN ${attempts.windowStart} < ${expired} THEN 1 ELSE ${attempts.failures} + 1 END`,
          windowStart: sql`CASE WHEN ${attempts.windowStart} < ${expired} THEN ${now} ELSE ${attempts.windowStart} END`,
        },
        setWhere: sql`${attempts.windowStart} < ${expired} OR ${attempts.failures} < ${max}`,
      })
      .returning({ key: attempts.key });
    return taken.length === 1;
  }

  /** The seconds until the first exhausted limit's window ends; null when none is. */
  async function blockedFor(limits: AttemptLimit[]): Promise<number | null> {
    if (limits.length === 0) return null;
    const rows = await db
      .select()
      .from(attempts)
      .where(
        inArray(
          attempts.key,
          limits.map((limit) => limit.key),
        ),
      );
    const now = Date.now();
    for (const row of rows) {
      const max = limits.find((limit) => limit.key === row.key)?.max ?? Infinity;
      const resetsAt = row.windowStart.getTime() + windowMs;
      if (resetsAt > now && row.failures >= max) return Math.ceil((resetsAt - now) / 1000);
    }
    return null;
  }

  class Refused extends Error {}

  return {
    blockedFor,

    /**
     * Counts one attempt on every key, or on none when any has reached its
     * limit. Keys are taken in the order given, so callers that share keys
     * lock them in the same order.
     */
    async reserve(limits: AttemptLimit[]): Promise<Reservation> {
      try {
        await db.transaction(async (tx) => {
          for (const limit of limits) {
            if (!(await take(tx, limit))) throw new Refused();
          }
        });
        return { ok: true };
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        return { ok: false, retryAfterSeconds: (await blockedFor(limits)) ?? 1 };
      }
    },

    /** Gives back an attempt reserved in the current window (it turned out not to count). */
    async release(key: string): Promise<void> {
      await db
        .update(attempts)
        .set({ failures: sql`${attempts.failures} - 1` })
        .where(
          and(
            eq(attempts.key, key),
            gt(attempts.failures, 0),
            gt(attempts.windowStart, new Date(Date.now() - windowMs)),
          ),
        );
    },

    async clear(key: string): Promise<void> {
      await db.delete(attempts).where(eq(attempts.key, key));
    },
  };
}
