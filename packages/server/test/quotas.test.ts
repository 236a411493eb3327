import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { draftWithFiles, fileUrl, filesUrl, putContent, someBytes } from './files.helpers.ts';
import { communityBody } from './communities.helpers.ts';
import { publishable } from './records.helpers.ts';

// Quotas and creation rates (docs/SECURITY.md): the concurrency cases are meant
// for PostgreSQL, where parallel requests really run side by side.
const MiB = 1024 * 1024;
const PARALLEL = 10;

async function signedIn(t: TestApp, isAdmin = false) {
  const user = await buildUser(t.services, { isAdmin });
  const client = t.client();
  await client.login(user.email);
  return { user, client };
}

/** Bytes stored for a draft: the sizes of its files that have content. */
async function storedBytes(client: TestClient, id: string) {
  const list = await client.get(filesUrl(id));
  expect(list.status, list.body).toBe(200);
  return (list.json.entries as { size?: number | null }[]).reduce(
    (sum, f) => sum + (f.size ?? 0),
    0,
  );
}

describe('record quota while bytes stream', () => {
  let t: TestApp;
  let alice: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp({ vocabularies: true });
    alice = (await signedIn(t)).client;
    admin = (await signedIn(t, true)).client;
  });
  afterAll(() => t.close());

  async function draftUnderQuota(files: number) {
    const draft = await draftWithFiles(alice);
    const quota = { max_files: files + 2, max_bytes: MiB };
    expect((await admin.put(`/api/admin/records/${draft.id}/quota`, quota)).status).toBe(200);
    const keys = Array.from({ length: files }, (_, i) => `part-${i}.bin`);
    // Announced without a size: nothing is counted until the bytes arrive.
    const init = await alice.post(
      filesUrl(draft.id),
      keys.map((key) => ({ key })),
    );
    expect(init.status, init.body).toBe(201);
    return { id: draft.id, keys };
  }

  for (const files of [5, PARALLEL]) {
    it(`${files} parallel uploads of unknown size never store more than a 1 MiB quota`, async () => {
      const { id, keys } = await draftUnderQuota(files);
      const answers = await Promise.all(
        keys.map((key, i) => putContent(alice, id, key, someBytes(MiB, i + 1))),
      );
      const stored = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      expect(stored.length).toBeLessThanOrEqual(1);
      expect(await storedBytes(alice, id)).toBeLessThanOrEqual(MiB);
      for (const answer of refused) {
        expect(answer.status, answer.body).toBe(400);
        // The refusal names the file (the quota error shape of a size limit).
        expect(keys.some((key) => answer.json.message.includes(key))).toBe(true);
      }
    });
  }

  it('releases what refused uploads held: the room is there for the next upload', async () => {
    const { id, keys } = await draftUnderQuota(3);
    const answers = await Promise.all(
      keys.map((key, i) => putContent(alice, id, key, someBytes(700 * 1024, i + 1))),
    );
    const winner = keys.find((_, i) => answers[i]!.status === 200);
    expect(winner).toBeDefined();
    expect((await alice.delete(fileUrl(id, winner!))).status).toBe(204);
    const loser = keys.find((key) => key !== winner)!;
    const again = await putContent(alice, id, loser, someBytes(1000 * 1024, 9));
    expect(again.status, again.body).toBe(200);
  });
});

describe('per-user limits', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp({
      vocabularies: true,
      env: { ARCA_USER_MAX_DRAFTS: '3', ARCA_USER_MAX_BYTES: String(MiB) },
    });
    admin = (await signedIn(t, true)).client;
  });
  afterAll(() => t.close());

  it(`refuses open drafts past the limit, also for ${PARALLEL} parallel creations`, async () => {
    const { client } = await signedIn(t);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => client.post('/api/records', publishable())),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(PARALLEL - 3).fill(400));
    expect(refused[0]!.json.message).toContain('3');
  });

  it('lets an administrator raise a user its limits', async () => {
    const { user, client } = await signedIn(t);
    const url = `/api/admin/users/${user.id}/quota`;
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/records', publishable())).status).toBe(201);
    }
    expect((await client.post('/api/records', publishable())).status).toBe(400);
    expect((await client.put(url, { max_drafts: 10, max_bytes: null })).status).toBe(403);
    expect((await admin.get(url)).json).toEqual({
      max_drafts: 3,
      max_bytes: MiB,
      used_bytes: 0,
      open_drafts: 3,
    });
    const raised = await admin.put(url, { max_drafts: 5, max_bytes: 2 * MiB });
    expect(raised.status, raised.body).toBe(200);
    expect(raised.json).toEqual({ max_drafts: 5, max_bytes: 2 * MiB });
    expect((await client.post('/api/records', publishable())).status).toBe(201);
    const bad = await admin.put(url, { max_drafts: -1, max_bytes: null });
    expect(bad.status).toBe(400);
    expect((await admin.get('/api/admin/users/999999/quota')).status).toBe(404);
  });

  it('counts announced sizes over all of a user its drafts', async () => {
    const { client } = await signedIn(t);
    const first = await draftWithFiles(client);
    const second = await draftWithFiles(client);
    const a = await client.post(filesUrl(first.id), [{ key: 'a.bin', size: 600 * 1024 }]);
    expect(a.status, a.body).toBe(201);
    const b = await client.post(filesUrl(second.id), [{ key: 'b.bin', size: 600 * 1024 }]);
    expect(b.status, b.body).toBe(400);
    expect(b.json.message).toContain(String(MiB));
  });

  it(`holds the storage limit for ${PARALLEL} parallel uploads of unknown size across drafts`, async () => {
    const { user, client } = await signedIn(t);
    await admin.put(`/api/admin/users/${user.id}/quota`, { max_drafts: 20, max_bytes: null });
    const drafts = [];
    for (let i = 0; i < PARALLEL; i++) {
      const draft = await draftWithFiles(client);
      expect((await client.post(filesUrl(draft.id), [{ key: 'data.bin' }])).status).toBe(201);
      drafts.push(draft.id);
    }
    const answers = await Promise.all(
      drafts.map((id, i) => putContent(client, id, 'data.bin', someBytes(300 * 1024, i + 1))),
    );
    const stored = answers.filter((a) => a.status === 200).length;
    expect(stored).toBeGreaterThan(0);
    expect(stored * 300 * 1024).toBeLessThanOrEqual(MiB);
    let total = 0;
    for (const id of drafts) total += await storedBytes(client, id);
    expect(total).toBeLessThanOrEqual(MiB);
  });
});

describe('creation rate per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ vocabularies: true, env: { ARCA_CREATIONS_PER_MINUTE: '4' } });
  });
  afterAll(() => t.close());

  it(`answers 429 with Retry-After past the limit, for ${PARALLEL} parallel creations`, async () => {
    const { client } = await signedIn(t);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => client.post('/api/records', publishable())),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(PARALLEL - 4).fill(429));
    const seconds = Number(refused[0]!.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // Communities count in the same budget; another user has their own.
    expect((await client.post('/api/communities', communityBody('rate-limited'))).status).toBe(429);
    const other = (await signedIn(t)).client;
    expect((await other.post('/api/communities', communityBody('not-limited'))).status).toBe(201);
  });
});
