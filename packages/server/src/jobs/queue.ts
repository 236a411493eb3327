import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;
/** Runs a job; a recurring job answers when it is to run again (its row then stays). */
export type JobHandler = (job: JobRow) => Promise<void | { runAgainAt: Date }>;

const LOCK_MS = 5 * 60_000;

/** A failed job runs again after `firstMs`, doubling each time up to `maxMs`. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}
export const DEFAULT_BACKOFF: Backoff = { firstMs: 60_000, maxMs: 2 * 3600_000 };

/** The delay before the next try of a job that failed `attempts` times. */
export function retryDelay(backoff: Backoff, attempts: number): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(backoff.firstMs * 2 ** doublings, backoff.maxMs);
}

/**
 * Jobs live in the database, so they survive restarts and any app server may
 * run them; a job is claimed with FOR UPDATE SKIP LOCKED, so none runs twice.
 */
export function createJobQueue(
  db: Database,
  handlers: Record<string, JobHandler>,
  backoff: Backoff = DEFAULT_BACKOFF,
) {
  // Only the run of the job's current revision may finish it: one replaced meanwhile runs again.
  const sameRun = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.revision, job.revision));
  return {
    /** Schedules a job; a pending job with the same key is replaced. */
    async enqueue(job: {
      kind: string;
      key?: string;
      runAt: Date;
      payload?: Record<string, unknown>;
    }) {
      const values = {
        kind: job.kind,
        key: job.key ?? null,
        runAt: job.runAt,
        payload: job.payload ?? {},
      };
      if (!job.key) return void (await db.insert(jobs).values(values));
      await db
        .insert(jobs)
        .values(values)
        .onConflictDoUpdate({
          target: jobs.key,
          set: {
            kind: values.kind,
            runAt: values.runAt,
            payload: values.payload,
            attempts: 0,
            lastError: null,
            revision: sql`${jobs.revision} + 1`,
          },
        });
    },

    async cancel(key: string): Promise<void> {
      await db.delete(jobs).where(eq(jobs.key, key));
    },

    /** Runs every job that is due now; returns how many ran (successfully or not). */
    async runDue(now = new Date()): Promise<number> {
      let ran = 0;
      for (;;) {
        // Both drivers answer raw SQL with `rows`.
        const claimed: unknown = await db.execute(sql`
          UPDATE ${jobs} SET locked_until = ${new Date(now.getTime() + LOCK_MS)}, attempts = attempts + 1
          WHERE id = (
            SELECT id FROM ${jobs}
            WHERE run_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
            ORDER BY run_at FOR UPDATE SKIP LOCKED LIMIT 1)
          RETURNING id`);
        const id = (claimed as { rows: { id: number }[] }).rows[0]?.id;
        if (id === undefined) return ran;
        const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
        if (!job) continue;
        ran += 1;
        const handler = handlers[job.kind];
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          const again = await handler(job);
          if (again) {
            await db
              .update(jobs)
              .set({ runAt: again.runAgainAt, lockedUntil: null, attempts: 0, lastError: null })
              .where(sameRun(job));
          } else {
            await db.delete(jobs).where(sameRun(job));
          }
        } catch (error) {
          await db
            .update(jobs)
            .set({
              lastError: String(error),
              lockedUntil: null,
              runAt: new Date(now.getTime() + retryDelay(backoff, job.attempts)),
            })
            .where(sameRun(job));
        }
        // Replaced while it ran: unlocked, it runs again when its new time comes.
        await db
          .update(jobs)
          .set({ lockedUntil: null })
          .where(and(eq(jobs.id, id), ne(jobs.revision, job.revision)));
      }
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

/** Polls for due jobs until stopped. */
export function startJobRunner(
  queue: JobQueue,
  intervalMs: number,
  onError: (error: unknown) => void,
) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await queue.runDue();
    } catch (error) {
      onError(error);
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
