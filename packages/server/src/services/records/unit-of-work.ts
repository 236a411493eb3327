import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { DomainError } from '../errors.ts';
import { createRecordRepository, type FoldedReads, type RecordRepository } from './repository.ts';

/**
 * One operation on a record as one transaction. It locks what it changes first
 * (`lockDraft`/`lockParentOf`: the parent row, then the draft row, always in that
 * order, so two operations never wait on each other crosswise), reads the state
 * again under the lock, makes its changes through `tx`, and queues what must only
 * happen once they are committed (collecting bytes, mail, announcements).
 *
 * Everything inside runs on `tx` alone: a query on the pool from inside would wait
 * for a connection that the transactions queued behind this one's lock all hold.
 *
 * A unique index that refuses a write (one draft per version, one latest version
 * per parent: migration 0009) means another operation got there first: the unit
 * answers a conflict, never a server error.
 */
export interface UnitOfWork {
  tx: Database;
  /** The records repository on this transaction. */
  repo: RecordRepository;
  /** Runs `work` after the commit; nothing runs if the transaction rolls back. */
  afterCommit(work: () => Promise<void>): void;
}

export type RunUnitOfWork = <T>(
  operation: string,
  work: (unit: UnitOfWork) => Promise<T>,
) => Promise<T>;

/**
 * Test only (records.crash.test.ts): `ARCA_TEST_PAUSE_BEFORE_COMMIT=publish,edit:2000` holds
 * those operations for 2 s once their changes are made and before the commit, so that a
 * test can kill the server there. Unset, nothing waits.
 */
function pauseBeforeCommit(setting = process.env.ARCA_TEST_PAUSE_BEFORE_COMMIT) {
  const [names = '', ms = '0'] = (setting ?? '').split(':');
  const operations = new Set(names.split(',').filter(Boolean));
  return (operation: string) =>
    operations.has(operation)
      ? new Promise<void>((resolve) => setTimeout(resolve, Number(ms)))
      : undefined;
}

export function createUnitOfWork(db: Database, folded: () => FoldedReads): RunUnitOfWork {
  const pause = pauseBeforeCommit();
  return async (operation, work) => {
    const queued: (() => Promise<void>)[] = [];
    const result = await db
      .transaction(async (tx) => {
        const done = await work({
          tx,
          repo: createRecordRepository(tx, folded),
          afterCommit: (next) => void queued.push(next),
        });
        await pause(operation);
        return done;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new DomainError('conflict', 'concurrentChange');
        throw error;
      });
    for (const next of queued) await next();
    return result;
  };
}
