import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { draftWithFiles, filesUrl, fileUrl } from './files.helpers.ts';
import { startS3Server } from './s3-server.ts';

const MiB = 1024 * 1024;
const PART = 5 * MiB;
/** 10,000 parts of 5 MiB, the last one 10 bytes: the largest part list S3 allows. */
const BIG = { parts: 10_000, size: 9_999 * PART + 10 };

const multipart = (key: string, parts: number, size = parts * PART) => ({
  key,
  size,
  transfer: { type: 'M', parts, part_size: PART },
});

describe.each(['local', 's3'] as const)('part links of big multipart uploads (%s)', (backend) => {
  let t: TestApp;
  let alice: TestClient;
  let admin: TestClient;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;

  beforeAll(async () => {
    if (backend === 's3') s3 = await startS3Server();
    t = await startTestApp({ vocabularies: true, env: s3?.env ?? {} });
    const depositor = await buildUser(t.services);
    alice = t.client();
    await alice.login(depositor.email);
    admin = t.client();
    await admin.login((await buildUser(t.services, { isAdmin: true })).email);
    // Terabytes of parts: past the default storage per user too, which an administrator raises.
    const raised = await admin.put(`/api/admin/users/${depositor.id}/quota`, {
      max_drafts: null,
      max_bytes: 2 ** 50,
    });
    expect(raised.status, raised.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  /** A draft whose quota an administrator raised far enough for terabytes, as the user's. */
  async function roomyDraft() {
    const draft = await draftWithFiles(alice);
    const quota = await admin.put(`/api/admin/records/${draft.id}/quota`, {
      max_files: 100,
      max_bytes: 2 ** 50,
    });
    expect(quota.status, quota.body).toBe(200);
    return draft;
  }

  const path = (url: string) => url.replace('http://arca.test', '');

  async function putPart(url: string, bytes: Buffer) {
    if (url.startsWith('http://arca.test/')) {
      return (
        await t.client().request('PUT', path(url), {
          payload: bytes,
          headers: { 'content-type': 'application/octet-stream' },
        })
      ).status;
    }
    return (await fetch(url, { method: 'PUT', body: bytes })).status;
  }

  it('answers an init of 20 files × 10,000 parts in a small answer, every part reachable by page', async () => {
    const draft = await roomyDraft();
    const specs = Array.from({ length: 20 }, (_, i) =>
      multipart(`big-${i}.bin`, BIG.parts, BIG.size),
    );
    const init = await alice.post(filesUrl(draft.id), specs);
    expect(init.status, init.body.slice(0, 500)).toBe(201);
    expect(init.body.length).toBeLessThan(256 * 1024);
    const entries = init.json.entries as { key: string; links: Record<string, unknown> }[];
    expect(entries).toHaveLength(20);
    for (const entry of entries) {
      expect(entry.links.parts).toBeUndefined();
      expect(entry.links.content).toBeUndefined();
      expect(entry.links.part_urls).toBe(`http://arca.test${fileUrl(draft.id, entry.key)}/parts`);
    }

    // One file's 10,000 part links, following `next` from the first page.
    const seen = new Map<number, string>();
    let next: string | undefined = entries[0]!.links.part_urls as string;
    let pages = 0;
    while (next) {
      const page = await alice.get(path(next));
      expect(page.status, page.body.slice(0, 300)).toBe(200);
      expect(page.body.length).toBeLessThan(1024 * 1024);
      expect(page.json.hits.total).toBe(BIG.parts);
      for (const link of page.json.hits.hits) seen.set(link.part, link.url);
      next = page.json.links.next;
      pages += 1;
    }
    expect(pages).toBe(10);
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: BIG.parts }, (_, i) => i + 1),
    );
    expect(new Set(seen.values()).size).toBe(BIG.parts);

    // The links work: the last part (10 bytes) and the first (5 MiB) are taken.
    expect(await putPart(seen.get(BIG.parts)!, Buffer.alloc(10, 7))).toBe(200);
    expect(await putPart(seen.get(1)!, Buffer.alloc(PART, 1))).toBe(200);
    const read = await alice.get(fileUrl(draft.id, entries[0]!.key));
    expect(read.json.transfer.parts_done).toEqual([1, BIG.parts]);
    expect(read.json.links.part_urls).toBeDefined();
    expect(read.body.length).toBeLessThan(64 * 1024);
  }, 120_000);

  it('lists part links inline up to 1,000 per answer, as InvenioRDM clients expect', async () => {
    const draft = await roomyDraft();
    const init = await alice.post(filesUrl(draft.id), [
      multipart('a.bin', 400),
      multipart('b.bin', 400),
      multipart('c.bin', 400),
    ]);
    expect(init.status, init.body.slice(0, 300)).toBe(201);
    const byKey = Object.fromEntries(
      (init.json.entries as { key: string; links: Record<string, unknown> }[]).map((e) => [
        e.key,
        e.links,
      ]),
    );
    expect(byKey['a.bin']!.parts).toHaveLength(400);
    expect(byKey['b.bin']!.parts).toHaveLength(400);
    expect(byKey['c.bin']!.parts).toBeUndefined();
    expect(byKey['c.bin']!.part_urls).toBeDefined();
    // Read alone, each file is within the limit and lists its parts.
    const alone = await alice.get(fileUrl(draft.id, 'c.bin'));
    expect(alone.json.links.parts).toHaveLength(400);
    expect(alone.json.links.part_urls).toBeUndefined();
    const thousand = await alice.post(filesUrl((await roomyDraft()).id), [
      multipart('k.bin', 1000),
    ]);
    expect(thousand.json.entries[0].links.parts).toHaveLength(1000);
  });

  it('refuses bad pages naming the field, and the links to those who may not upload', async () => {
    const draft = await roomyDraft();
    expect((await alice.post(filesUrl(draft.id), [multipart('m.bin', 2000)])).status).toBe(201);
    const pages = `${fileUrl(draft.id, 'm.bin')}/parts`;
    const tooBig = await alice.get(pages, { query: { size: '1001' } });
    expect(tooBig.status).toBe(400);
    expect(JSON.stringify(tooBig.json.errors)).toContain('size');
    const zero = await alice.get(pages, { query: { page: '0' } });
    expect(zero.status).toBe(400);
    const last = await alice.get(pages, { query: { page: '4', size: '500' } });
    expect(last.json.hits.hits.map((h: { part: number }) => h.part)[0]).toBe(1501);
    expect(last.json.links.next).toBeUndefined();
    expect(last.json.links.prev).toContain('page=3&size=500');
    const beyond = await alice.get(pages, { query: { page: '9' } });
    expect(beyond.status).toBe(200);
    expect(beyond.json.hits.hits).toEqual([]);
    expect([403, 404]).toContain((await t.client().get(pages)).status);
    expect((await alice.post(filesUrl(draft.id), [{ key: 'l.bin', size: 3 }])).status).toBe(201);
    expect((await alice.get(`${fileUrl(draft.id, 'l.bin')}/parts`)).status).toBe(400);
  });
});
