import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../src/db/schema.ts';
import { createJobQueue, retryDelay, type JobQueue } from '../src/jobs/queue.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('job queue', () => {
  it('doubles the delay after each failure, up to the maximum', () => {
    const backoff = { firstMs: 100, maxMs: 1000 };
    expect([1, 2, 3, 4, 5, 40].map((n) => retryDelay(backoff, n))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  it('retries a failing job with backoff, then removes it once it succeeds', async () => {
    let calls = 0;
    const queue = createJobQueue(
      t.db,
      {
        flaky: () => {
          calls += 1;
          return calls < 3 ? Promise.reject(new Error(`failure ${calls}`)) : Promise.resolve();
        },
      },
      { firstMs: 1000, maxMs: 60_000 },
    );
    const start = new Date();
    await queue.enqueue({ kind: 'flaky', key: 'flaky:1', runAt: start });
    await queue.runDue(start);
    const [first] = await t.db.select().from(jobs).where(eq(jobs.key, 'flaky:1'));
    expect(first!.lastError).toBe('Error: failure 1');
    expect(first!.runAt.getTime() - start.getTime()).toBe(1000);
    await queue.runDue(first!.runAt);
    const [second] = await t.db.select().from(jobs).where(eq(jobs.key, 'flaky:1'));
    expect(second!.runAt.getTime() - first!.runAt.getTime()).toBe(2000);
    await queue.runDue(second!.runAt);
    expect(calls).toBe(3);
    expect(await t.db.select().from(jobs).where(eq(jobs.key, 'flaky:1'))).toHaveLength(0);
  });

  it('keeps a job replaced while it ran, for its next run', async () => {
    const seen: unknown[] = [];
    let queue: JobQueue;
    // eslint-disable-next-line prefer-const
    queue = createJobQueue(t.db, {
      update: async (job) => {
        seen.push(job.payload.title);
        // A newer update for the same key arrives while this one runs.
        if (job.payload.title === 'first') {
          await queue.enqueue({
            kind: 'update',
            key: 'update:1',
            runAt: new Date(),
            payload: { title: 'second' },
          });
        }
      },
    });
    await queue.enqueue({
      kind: 'update',
      key: 'update:1',
      runAt: new Date(),
      payload: { title: 'first' },
    });
    await queue.runDue(new Date(Date.now() + 1000));
    expect(seen).toEqual(['first', 'second']);
    expect(await t.db.select().from(jobs).where(eq(jobs.key, 'update:1'))).toHaveLength(0);
  });
});
