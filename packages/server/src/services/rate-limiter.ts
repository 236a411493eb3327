import type { Database } from '../db/client.ts';
import { createAttemptCounter } from './attempt-counter.ts';
import { DomainError } from './errors.ts';

/**
 * Counts actions per key in a fixed window with the attempt counter the login
 * limits use: in the database, so every app server shares the counts, and the
 * check and the count are one statement, so parallel callers cannot all pass.
 */
export function createRateLimiter(
  db: Database,
  options: { max: number; windowMs: number; message?: 'tooManyCreations' | 'tooManyAttempts' },
) {
  const counter = createAttemptCounter(db, options.windowMs);
  return {
    /** Counts one action under `key`; throws `message` (429, default `tooManyCreations`) past the limit. */
    async take(key: string): Promise<void> {
      const reservation = await counter.reserve([{ key, max: options.max }]);
      if (reservation.ok) return;
      const seconds = reservation.retryAfterSeconds;
      throw new DomainError('tooMany', options.message ?? 'tooManyCreations', {
        params: { seconds, minutes: Math.ceil(seconds / 60) },
        retryAfterSeconds: seconds,
      });
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
