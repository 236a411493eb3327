import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateWindows } from '../db/schema.ts';
import { DomainError } from './errors.ts';

/**
 * Counts actions per key in a fixed window, in the database so that every app
 * server shares the counts. Counting and checking are one statement (an
 * upsert that answers the new count), so parallel callers cannot all pass.
 */
export function createRateLimiter(db: Database, options: { max: number; windowMs: number }) {
  return {
    /** Counts one action under `key`; throws `tooManyCreations` (429) past the limit. */
    async take(key: string): Promise<void> {
      const now = new Date();
      const expired = new Date(now.getTime() - options.windowMs);
      const [row] = await db
        .insert(rateWindows)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateWindows.key,
          set: {
            count: sql`CASE WHEN ${rateWindows.windowStart} < ${expired} THEN 1 ELSE ${rateWindows.count} + 1 END`,
            windowStart: sql`CASE WHEN ${rateWindows.windowStart} < ${expired} THEN ${now} ELSE ${rateWindows.windowStart} END`,
          },
        })
        .returning({ count: rateWindows.count, windowStart: rateWindows.windowStart });
      if (row && row.count > options.max) {
        const resetsAt = row.windowStart.getTime() + options.windowMs;
        const seconds = Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000));
        throw new DomainError('tooMany', 'tooManyCreations', {
          params: { seconds },
          retryAfterSeconds: seconds,
        });
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
