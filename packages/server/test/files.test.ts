import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import {
  draftWithFiles,
  fileUrl,
  filesUrl,
  md5,
  putContent,
  someBytes,
  uploadFile,
} from './files.helpers.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  alice = t.client();
  await alice.login((await buildUser(t.services)).email);
  bob = t.client();
  await bob.login((await buildUser(t.services)).email);
  admin = t.client();
  await admin.login((await buildUser(t.services, { isAdmin: true })).email);
});
afterAll(() => t.close());

describe('local transfer', () => {
  it('uploads, commits with size and md5, and lists the file', async () => {
    const draft = await draftWithFiles(alice);
    const bytes = someBytes(100_000);
    const init = await alice.post(filesUrl(draft.id), [{ key: 'readings.csv', size: bytes.length }]);
    expect(init.status, init.body).toBe(201);
    expect(init.json.entries).toHaveLength(1);
    expect(init.json.entries[0]).toMatchObject({
      key: 'readings.csv',
      status: 'pending',
      mimetype: 'text/csv',
      transfer: { type: 'L' },
      links: {
        self: `http://arca.test${fileUrl(draft.id, 'readings.csv')}`,
        content: `http://arca.test${fileUrl(draft.id, 'readings.csv')}/content`,
        commit: `http://arca.test${fileUrl(draft.id, 'readings.csv')}/commit`,
      },
    });
    const content = await putContent(alice, draft.id, 'readings.csv', bytes);
    expect(content.status, content.body).toBe(200);
    expect(content.json.status).toBe('pending');
    const commit = await alice.post(`${fileUrl(draft.id, 'readings.csv')}/commit`);
    expect(commit.status, commit.body).toBe(200);
    expect(commit.json).toMatchObject({
      key: 'readings.csv',
      size: bytes.length,
      checksum: `md5:${md5(bytes)}`,
      status: 'completed',
    });
    const list = await alice.get(filesUrl(draft.id));
    expect(list.json).toMatchObject({ enabled: true, default_preview: null, order: [] });
    expect(list.json.entries.map((e: { key: string }) => e.key)).toEqual(['readings.csv']);

    const downloaded = await alice.get(`${fileUrl(draft.id, 'readings.csv')}/content`);
    expect(downloaded.status).toBe(200);
    expect(md5(downloaded.raw)).toBe(md5(bytes));
  });
});
