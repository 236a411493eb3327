import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { requests } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { askPath, draftWithFiles, recordLimit } from './quota-increase.helpers.ts';

// Parallel askers against "one open request per record and per user". PGlite runs one query
// at a time, so the race shows on PostgreSQL (`integration-postgres`); the answers hold on both.
let t: TestApp;
let owner: TestClient;
let ownerId: number;
beforeAll(async () => {
  t = await startTestApp();
  const o = await buildUser(t.services);
  ownerId = o.id;
  owner = t.client();
  await owner.login(o.email);
});
afterAll(() => t.close());

const openOf = async (creator: number) =>
  (
    await t.db
      .select({ id: requests.id, payload: requests.payload })
      .from(requests)
      .where(and(eq(requests.type, 'quota-increase'), eq(requests.creatorId, String(creator))))
  ).length;

describe('ten owners asking at once', () => {
  it('for the same record: one request is made, nine are refused', async () => {
    const draft = await draftWithFiles(owner, 'Asked ten times');
    const limit = await recordLimit(owner, draft.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        owner.post(askPath(draft.id), { size: limit * 2 + i, reason: `Try ${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, String(statuses)).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await openOf(ownerId)).toBe(1);
  });

  it('for themselves from ten drafts: one request is made', async () => {
    const drafts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => draftWithFiles(owner, `Draft ${i}`)),
    );
    const limit = (await owner.get('/api/me/quota')).json.max_bytes as number;
    const answers = await Promise.all(
      drafts.map((draft) =>
        owner.post(askPath(draft.id), { scope: 'user', size: limit + 1, reason: 'More' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, String(statuses)).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await openOf(ownerId)).toBe(2);
  });
});
