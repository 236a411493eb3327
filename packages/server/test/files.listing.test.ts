import { FILES_INLINE_LIMIT, FILES_PAGE_MAX, FILES_PAGE_SIZE } from '@arca/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { draftWithFiles, filesUrl, someBytes, uploadFile } from './files.helpers.ts';

// Paged file listings (docs/API.md, files listing): small records answer as
// InvenioRDM does; larger ones travel as totals, their entries a page at a time.

let t: TestApp;
let alice: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  alice = t.client();
  await alice.login((await buildUser(t.services)).email);
  admin = t.client();
  await admin.login((await buildUser(t.services, { isAdmin: true })).email);
});
afterAll(() => t.close());

const keyOf = (i: number) => `file-${String(i).padStart(4, '0')}.txt`;

/** A draft with `count` announced files (10 bytes each, none sent), announced 100 at a time. */
async function draftWith(count: number) {
  const draft = await draftWithFiles(alice);
  const quota = { max_files: count + 10, max_bytes: 1024 * 1024 };
  expect((await admin.put(`/api/admin/records/${draft.id}/quota`, quota)).status).toBe(200);
  for (let first = 0; first < count; first += 100) {
    const specs = [];
    for (let i = first; i < Math.min(first + 100, count); i++)
      specs.push({ key: keyOf(i), size: 10 });
    const init = await alice.post(filesUrl(draft.id), specs);
    expect(init.status, init.body).toBe(201);
  }
  return draft.id;
}

/** Follows `links.next` from `url`, answering every key seen, in order. */
async function walk(url: string): Promise<{ keys: string[]; pages: number }> {
  const keys: string[] = [];
  let pages = 0;
  for (let next: string | undefined = url; next; pages++) {
    const page = await alice.get(next.replace('http://arca.test', ''));
    expect(page.status, page.body).toBe(200);
    expect(page.json.count).toBeGreaterThanOrEqual(page.json.entries.length);
    keys.push(...(page.json.entries as { key: string }[]).map((e) => e.key));
    next = page.json.links.next as string | undefined;
    expect(pages).toBeLessThan(1000);
  }
  return { keys, pages };
}

describe('files listings', () => {
  it('answers a small record as before: every entry, no next link, with count and total_bytes', async () => {
    const draft = await draftWithFiles(alice);
    await uploadFile(alice, draft.id, 'b.csv', someBytes(30, 1));
    await uploadFile(alice, draft.id, 'a.csv', someBytes(20, 2));
    const list = await alice.get(filesUrl(draft.id));
    expect(list.status, list.body).toBe(200);
    // Creation order, as InvenioRDM lists them.
    expect(list.json.entries.map((e: { key: string }) => e.key)).toEqual(['b.csv', 'a.csv']);
    expect(list.json.links.next).toBeUndefined();
    expect(list.json).toMatchObject({ count: 2, total_bytes: 50 });
    const read = await alice.get(`/api/records/${draft.id}/draft`);
    expect(Object.keys(read.json.files.entries).sort()).toEqual(['a.csv', 'b.csv']);
    expect(read.json.files).toMatchObject({ count: 2, total_bytes: 50 });
  });

  it('pages a record past the threshold: links.next walks every file exactly once, by key', async () => {
    const count = FILES_INLINE_LIMIT * 2 + 37;
    const id = await draftWith(count);
    const first = await alice.get(filesUrl(id));
    expect(first.json.entries).toHaveLength(FILES_PAGE_SIZE);
    expect(first.json.count).toBe(count);
    expect(first.json.links.next).toContain(`size=${FILES_PAGE_SIZE}`);
    const expected = Array.from({ length: count }, (_, i) => keyOf(i));
    expect((await walk(filesUrl(id))).keys).toEqual(expected);
    const small = await walk(`${filesUrl(id)}?size=9`);
    expect(small.keys).toEqual(expected);
    expect(small.pages).toBe(Math.ceil(count / 9));
    // A small record asked for a page is paged too.
    const after = await alice.get(`${filesUrl(id)}?size=2&after=${keyOf(count - 3)}`);
    expect(after.json.entries.map((e: { key: string }) => e.key)).toEqual([
      keyOf(count - 2),
      keyOf(count - 1),
    ]);
    expect(after.json.links.next).toBeUndefined();
  });

  it('refuses a page size out of bounds, naming `size`', async () => {
    const draft = await draftWithFiles(alice);
    for (const size of ['0', String(FILES_PAGE_MAX + 1), 'many']) {
      const answer = await alice.get(`${filesUrl(draft.id)}?size=${size}`);
      expect(answer.status, answer.body).toBe(400);
      expect(JSON.stringify(answer.json)).toContain('size');
    }
  });

  it('leaves entries out of the record JSON past the threshold, and keeps them at it', async () => {
    const atLimit = await draftWith(FILES_INLINE_LIMIT);
    const inline = await alice.get(`/api/records/${atLimit}/draft`);
    expect(Object.keys(inline.json.files.entries)).toHaveLength(FILES_INLINE_LIMIT);
    const past = await draftWith(FILES_INLINE_LIMIT + 1);
    const read = await alice.get(`/api/records/${past}/draft`);
    expect(read.status, read.body).toBe(200);
    expect(read.json.files.entries).toBeUndefined();
    expect(read.json.files).toMatchObject({ enabled: true, count: FILES_INLINE_LIMIT + 1 });
    expect(read.json.links.files).toContain(`/api/records/${past}/draft/files`);
    // Validation counts them without their entries: none completed yet.
    const fields = (read.json.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toContain('files.enabled');
  });

  it('answers init with the files it created and the totals of the record', async () => {
    const id = await draftWith(150);
    const init = await alice.post(filesUrl(id), [
      { key: 'new-1.txt', size: 4 },
      { key: 'new-0.txt', size: 6 },
    ]);
    expect(init.status, init.body).toBe(201);
    expect(init.json.entries.map((e: { key: string }) => e.key)).toEqual([
      'new-1.txt',
      'new-0.txt',
    ]);
    expect(init.json).toMatchObject({ count: 152, total_bytes: 0 });
    expect(init.json.links.next).toBeUndefined();
  });

  it('gives search hits a files summary, never entries', async () => {
    const small = await draftWithFiles(alice);
    await uploadFile(alice, small.id, 'one.csv', someBytes(12, 3));
    const large = await draftWith(FILES_INLINE_LIMIT + 5);
    const hits = await alice.get('/api/user/records?size=50');
    expect(hits.status, hits.body).toBe(200);
    const byId = new Map(
      (hits.json.hits.hits as { id: string; files: Record<string, unknown> }[]).map((h) => [
        h.id,
        h.files,
      ]),
    );
    expect(byId.get(small.id)).toMatchObject({ enabled: true, count: 1, total_bytes: 12 });
    expect(byId.get(large)).toMatchObject({ enabled: true, count: FILES_INLINE_LIMIT + 5 });
    for (const files of byId.values()) expect(files).not.toHaveProperty('entries');
  });
});
