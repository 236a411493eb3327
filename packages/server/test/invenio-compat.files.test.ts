// InvenioRDM wire compatibility (issue 19): file keys with folders and long
// names, transfer types, ranges, duplicate keys and small multipart parts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { fieldErrors } from './records.helpers.ts';
import { draftWithFiles, filesUrl, md5, someBytes } from './files.helpers.ts';

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const owner = await buildUser(t.services);
  alice = t.client();
  await alice.login(owner.email);
});
afterAll(() => t.close());

const invalidKey =
  'Not a valid file name: it may not contain "\\", "//" or control characters, start or end with "/" or a space, have a folder or name that is "." or "..", or be longer than 255 characters.';
const octets = { 'content-type': 'application/octet-stream' };

/** init → content → commit with the key written into the path as it is, slashes included. */
async function uploadAsWritten(id: string, key: string, bytes: Buffer) {
  const init = await alice.post(filesUrl(id), [{ key }]);
  expect(init.status, init.body).toBe(201);
  expect(init.json.entries[0].key).toBe(key);
  const path = `${filesUrl(id)}/${key}`;
  const content = await alice.request('PUT', `${path}/content`, {
    payload: bytes,
    headers: octets,
  });
  expect(content.status, content.body).toBe(200);
  const commit = await alice.post(`${path}/commit`);
  expect(commit.status, commit.body).toBe(200);
  expect(commit.json.key).toBe(key);
  expect(commit.json.checksum).toBe(`md5:${md5(bytes)}`);
}

async function publish(id: string) {
  const published = await alice.post(`/api/records/${id}/draft/actions/publish`);
  expect(published.status, published.body).toBe(202);
}

// invenio-records-resources resources/files/config.py: item_route
// "/files/<path:key>" with "/content" and "/commit"; tests/resources/
// test_files_resource.py (test_files_api_flow with nested keys): a key may
// name a folder, and every route takes it written as a path.
describe('file keys with folders', () => {
  it('uploads, commits, publishes and downloads folder/test.pdf', async () => {
    const draft = await draftWithFiles(alice);
    const bytes = someBytes(100);
    await uploadAsWritten(draft.id, 'folder/test.pdf', bytes);
    await uploadAsWritten(draft.id, 'a/b/c/data.csv', someBytes(10, 2));
    const entry = await alice.get(`${filesUrl(draft.id)}/folder/test.pdf`);
    expect(entry.status, entry.body).toBe(200);
    expect(entry.json.key).toBe('folder/test.pdf');
    await publish(draft.id);

    const record = `/api/records/${draft.id}/files`;
    const listed = await alice.get(record);
    expect(listed.json.entries.map((e: { key: string }) => e.key).sort()).toEqual([
      'a/b/c/data.csv',
      'folder/test.pdf',
    ]);
    const read = await alice.get(`${record}/folder/test.pdf`);
    expect(read.status, read.body).toBe(200);
    expect(read.json.key).toBe('folder/test.pdf');
    const content = await alice.get(`${record}/folder/test.pdf/content`);
    expect(content.status).toBe(200);
    expect(content.raw.equals(bytes)).toBe(true);
    // The links the entry gives lead to the same file.
    const linked = await alice.get(new URL(read.json.links.content).pathname);
    expect(linked.status).toBe(200);
    expect(linked.raw.equals(bytes)).toBe(true);
  });

  it('refuses traversal, empty segments, absolute paths and backslashes', async () => {
    const draft = await draftWithFiles(alice);
    for (const key of ['../x.txt', 'a/../b.txt', 'a//b.txt', '/etc/passwd', 'a/', 'a\\b.txt']) {
      const init = await alice.post(filesUrl(draft.id), [{ key }]);
      expect(init.status, key).toBe(400);
      expect(fieldErrors(init), key).toEqual({ '0.key': [invalidKey] });
    }
    const listed = await alice.get(filesUrl(draft.id));
    expect(listed.json.entries).toEqual([]);
  });
});

// invenio-records-resources records/api.py (FileRecord key: String(255));
// tests/resources/test_files_resource.py: a key the init accepts works on
// every file route.
describe('long file keys', () => {
  it('works on every route up to 255 characters, and the record publishes', async () => {
    const draft = await draftWithFiles(alice);
    const keys = ['x'.repeat(251) + '.txt', `${'é'.repeat(120)}/${'d'.repeat(130)}.csv`];
    for (const key of keys) {
      expect(key.length).toBeLessThanOrEqual(255);
      await uploadAsWritten(draft.id, key, someBytes(20));
      const encoded = `${filesUrl(draft.id)}/${encodeURIComponent(key)}`;
      expect((await alice.get(encoded)).status).toBe(200);
      const put = await alice.put(encoded, { metadata: { description: 'long' } });
      expect(put.status, put.body).toBe(200);
      expect((await alice.get(`${encoded}/content`)).status).toBe(200);
    }
    await publish(draft.id);
    for (const key of keys) {
      const content = await alice.get(`/api/records/${draft.id}/files/${key}/content`);
      expect(content.status).toBe(200);
    }
    const gone = await draftWithFiles(alice);
    const long = 'y'.repeat(200);
    expect((await alice.post(filesUrl(gone.id), [{ key: long }])).status).toBe(201);
    expect((await alice.delete(`${filesUrl(gone.id)}/${long}`)).status).toBe(204);
  });
});

// invenio-rdm-records tests/resources/test_resources_files_permissions (remote
// and fetch transfer types); invenio-records-resources services/files/
// generators.py (IfTransferType): only system processes may create R and F
// files, a user is denied with 403.
describe('remote and fetch transfer types', () => {
  it('answers 403 and creates nothing', async () => {
    const draft = await draftWithFiles(alice);
    for (const type of ['R', 'F']) {
      const init = await alice.post(filesUrl(draft.id), [
        { key: `${type}.txt`, transfer: { type, url: 'https://example.org/data.txt' } },
      ]);
      expect(init.status, init.body).toBe(403);
      expect(init.json.message).toBe('Permission denied.');
    }
    expect((await alice.get(filesUrl(draft.id))).json.entries).toEqual([]);
  });
});

// Werkzeug Response.make_conditional (InvenioRDM's send_file): a Range
// header that does not parse is 416 Requested Range Not Satisfiable.
describe('malformed byte ranges', () => {
  it('answers 416 with the full length in Content-Range', async () => {
    const draft = await draftWithFiles(alice);
    await uploadAsWritten(draft.id, 'data.bin', someBytes(50));
    const url = `${filesUrl(draft.id)}/data.bin/content`;
    for (const range of ['bytes=not-a-range', 'bytes=-', 'bytes=1-x']) {
      const answer = await alice.get(url, { headers: { range } });
      expect(answer.status, range).toBe(416);
      expect(answer.headers['content-range']).toBe('bytes */50');
    }
  });
});

// invenio-records-resources services/files/transfer/providers/multipart.py
// and tests/resources/test_files_resource.py (multipart upload with a
// part_size of a few bytes): local storage takes parts of any size.
// S3 keeps its 5 MiB minimum (files.multipart.suite.ts).
describe('multipart with small parts on local storage', () => {
  it('takes 1 KiB parts through the part links and commits the whole', async () => {
    const draft = await draftWithFiles(alice);
    const bytes = someBytes(2500, 7);
    const key = 'folder/small-parts.bin';
    const init = await alice.post(filesUrl(draft.id), [
      { key, size: bytes.length, transfer: { type: 'M', parts: 3, part_size: 1024 } },
    ]);
    expect(init.status, init.body).toBe(201);
    const entry = init.json.entries[0];
    expect(entry.transfer).toMatchObject({ type: 'M', parts: 3, part_size: 1024 });
    for (const { part, url } of entry.links.parts as { part: number; url: string }[]) {
      const chunk = bytes.subarray((part - 1) * 1024, part * 1024);
      const { pathname, search } = new URL(url);
      const put = await t
        .client()
        .request('PUT', `${pathname}${search}`, { payload: chunk, headers: octets });
      expect(put.status, put.body).toBe(200);
    }
    const commit = await alice.post(`${filesUrl(draft.id)}/${key}/commit`);
    expect(commit.status, commit.body).toBe(200);
    expect(commit.json.checksum).toBe(`md5:${md5(bytes)}`);
    const content = await alice.get(`${filesUrl(draft.id)}/${key}/content`);
    expect(content.raw.equals(bytes)).toBe(true);
  });
});
