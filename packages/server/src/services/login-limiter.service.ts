import { eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Counts failed logins per account and per address in a fixed window, in the
 * database so that every app server sees the same counts.
 */
export function createLoginLimiter(db: Database, config: Config['login']) {
  const keys = (email: string, address: string) => ({
    account: `account:${email}`,
    address: `address:${address}`,
  });

  return {
    /** Refuses with 429 when either count has reached its limit in the current window. */
    async check(email: string, address: string): Promise<void> {
      const { account, address: addressKey } = keys(email, address);
      const rows = await db
        .select()
        .from(loginFailures)
        .where(inArray(loginFailures.key, [account, addressKey]));
      const now = Date.now();
      for (const row of rows) {
        const limit =
          row.key === account ? config.maxFailuresPerAccount : config.maxFailuresPerAddress;
        const resetsAt = row.windowStart.getTime() + config.windowMs;
        if (resetsAt > now && row.failures >= limit) {
          const seconds = Math.ceil((resetsAt - now) / 1000);
          throw new HttpError(429, 'tooManyAttempts', {
            params: { minutes: Math.ceil(seconds / 60) },
            headers: { 'retry-after': String(seconds) },
          });
        }
      }
    },

    async recordFailure(email: string, address: string): Promise<void> {
      const windowStart = new Date();
      const expired = new Date(Date.now() - config.windowMs);
      for (const key of Object.values(keys(email, address))) {
        await db
          .insert(loginFailures)
          .values({ key, windowStart, failures: 1 })
          .onConflictDoUpdate({
            target: loginFailures.key,
            set: {
              failures: sql`CASE WHEN ${loginFailures.windowStart} < ${expired} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
              windowStart: sql`CASE WHEN ${loginFailures.windowStart} < ${expired} THEN ${windowStart} ELSE ${loginFailures.windowStart} END`,
            },
          });
      }
    },

    /** A successful login clears the account's count (not the address's). */
    async recordSuccess(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.key, keys(email, '').account));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
