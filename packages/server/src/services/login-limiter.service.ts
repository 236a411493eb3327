import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { DomainError } from './errors.ts';
import { createAttemptCounter } from './attempt-counter.ts';

/** Counts failed logins per account and per address; too many refuse logins for the window. */
export function createLoginLimiter(db: Database, config: Config['login']) {
  const counter = createAttemptCounter(db, config.windowMs);
  // The account's key follows the stored (lower-case) address: case must not buy new attempts.
  const keys = (email: string, address: string) => ({
    account: `account:${email.toLowerCase()}`,
    address: `address:${address}`,
  });

  return {
    /**
     * Reserves one attempt on the account and on the address before the
     * password is checked, refusing with 429 when either count has reached
     * its limit in the current window. A reserved attempt counts as a failure
     * until `recordSuccess` gives it back.
     */
    async reserve(email: string, address: string): Promise<void> {
      const { account, address: addressKey } = keys(email, address);
      const reservation = await counter.reserve([
        { key: account, max: config.maxFailuresPerAccount },
        { key: addressKey, max: config.maxFailuresPerAddress },
      ]);
      if (!reservation.ok) {
        const seconds = reservation.retryAfterSeconds;
        throw new DomainError('tooMany', 'tooManyAttempts', {
          params: { minutes: Math.ceil(seconds / 60) },
          retryAfterSeconds: seconds,
        });
      }
    },

    /** A successful login clears the account's count and gives back the address's attempt. */
    async recordSuccess(email: string, address: string): Promise<void> {
      const { account, address: addressKey } = keys(email, address);
      await counter.clear(account);
      await counter.release(addressKey);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
