import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

// Two app servers on one database, each writing its buffered events while both aggregate,
// ten at a time: every event is counted exactly once (PostgreSQL shows the races).
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({ sameDatabaseAs: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const ROUNDS = 10;
const subject = { recordId: 'conc-rec', parentId: 'conc-par' };

it('counts every event once while servers flush and aggregate in parallel', async () => {
  await Promise.all(
    Array.from({ length: ROUNDS }, async (_, round) => {
      const app = round % 2 === 0 ? first : second;
      // Each round writes and counts twice, so that writes and counts of the same day interleave.
      for (const half of [0, 1]) {
        for (let visitor = 0; visitor < 5; visitor++) {
          app.services.stats.view(subject, {
            userId: null,
            ip: `10.${half}.${round}.${visitor}`,
            userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0',
          });
        }
        await app.services.stats.flush();
        await app.services.stats.aggregate();
      }
    }),
  );
  await first.services.stats.aggregate();
  const stats = await second.services.stats.ofRecord(subject);
  expect(stats.this_version).toMatchObject({ views: ROUNDS * 10, unique_views: ROUNDS * 10 });
  expect(stats.all_versions).toMatchObject({ views: ROUNDS * 10, unique_views: ROUNDS * 10 });
});
