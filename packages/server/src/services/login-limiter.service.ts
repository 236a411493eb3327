import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { DomainError } from './errors.ts';
import { createAttemptCounter } from './attempt-counter.ts';

/** Counts failed logins per account and per address; too many refuse logins for the window. */
export function createLoginLimiter(db: Database, config: Config['login']) {
  const counter = createAttemptCounter(db, config.windowMs);
  const keys = (email: string, address: string) => ({
    account: `account:${email}`,
    address: `address:${address}`,
  });

  return {
    /** Refuses with 429 when either count has reached its limit in the current window. */
    async check(email: string, address: string): Promise<void> {
      const { account, address: addressKey } = keys(email, address);
      const seconds = await counter.blockedFor([
        { key: account, max: config.maxFailuresPerAccount },
        { key: addressKey, max: config.maxFailuresPerAddress },
      ]);
      if (seconds !== null) {
        throw new DomainError('tooMany', 'tooManyAttempts', {
          params: { minutes: Math.ceil(seconds / 60) },
          retryAfterSeconds: seconds,
        });
      }
    },

    async recordFailure(email: string, address: string): Promise<void> {
      await counter.record(Object.values(keys(email, address)));
    },

    /** A successful login clears the account's count (not the address's). */
    async recordSuccess(email: string): Promise<void> {
      await counter.clear(keys(email, '').account);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
