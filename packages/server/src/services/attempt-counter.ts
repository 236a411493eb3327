import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginFailures as attempts } from '../db/schema.ts';

export interface AttemptLimit {
  key: string;
  max: number;
}

/**
 * Counts attempts per key in a fixed window, in the database so that every
 * app server sees the same counts (failed logins, guest access requests).
 */
export function createAttemptCounter(db: Database, windowMs: number) {
  return {
    /** The seconds until the first exhausted limit's window ends; null when none is. */
    async blockedFor(limits: AttemptLimit[]): Promise<number | null> {
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
    },

    async record(keys: string[]): Promise<void> {
      const windowStart = new Date();
      const expired = new Date(Date.now() - windowMs);
      for (const key of keys) {
        await db
          .insert(attempts)
          .values({ key, windowStart, failures: 1 })
          .onConflictDoUpdate({
            target: attempts.key,
            set: {
              failures: sql`CASE WHEN ${attempts.windowStart} < ${expired} THEN 1 ELSE ${attempts.failures} + 1 END`,
              windowStart: sql`CASE WHEN ${attempts.windowStart} < ${expired} THEN ${windowStart} ELSE ${attempts.windowStart} END`,
            },
          });
      }
    },

    async clear(key: string): Promise<void> {
      await db.delete(attempts).where(eq(attempts.key, key));
    },
  };
}
