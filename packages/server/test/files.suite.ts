import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartSigner } from '../src/services/files/part-signatures.ts';
import {
  buildUser,
  startTestApp,
  type TestApp,
  type TestClient,
  type TestResponse,
} from './harness.ts';
import {
  draftWithFiles,
  fileUrl,
  filesUrl,
  md5,
  putContent,
  someBytes,
  uploadFile,
} from './files.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';
import { S3_BUCKET, startS3Server } from './s3-server.ts';
import { ListPartsCommand, NoSuchUpload, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { fileObjects } from '../src/db/schema.ts';
import { createStorage } from '../src/storage/index.ts';

const MiB = 1024 * 1024;
const publishUrl = (id: string) => `/api/records/${id}/draft/actions/publish`;
const md5Base64 = (bytes: Buffer) => Buffer.from(md5(bytes), 'hex').toString('base64');

/** Every rule of the files API, on one storage backend. */
export function describeFiles(backend: 'local' | 's3') {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let admin: TestClient;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;

  beforeAll(async () => {
    if (backend === 's3') s3 = await startS3Server();
    t = await startTestApp({ vocabularies: true, env: s3?.env ?? {} });
    alice = t.client();
    await alice.login((await buildUser(t.services)).email);
    bob = t.client();
    await bob.login((await buildUser(t.services)).email);
    admin = t.client();
    await admin.login((await buildUser(t.services, { isAdmin: true })).email);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  /** PUTs a part to its URL: the server's own signed route, or S3 directly. */
  async function putPart(
    url: string,
    bytes: Buffer,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: string }> {
    if (url.startsWith('http://arca.test/')) {
      const response = await t.client().request('PUT', url.slice('http://arca.test'.length), {
        payload: bytes,
        headers: { 'content-type': 'application/octet-stream', ...headers },
      });
      return response;
    }
    const response = await fetch(url, { method: 'PUT', body: bytes, headers });
    return { status: response.status, body: await response.text() };
  }

  async function publishedWithFile(
    client: TestClient,
    bytes: Buffer,
    key = 'data.csv',
    overrides: Record<string, unknown> = {},
  ) {
    const draft = await draftWithFiles(client, overrides);
    await uploadFile(client, draft.id, key, bytes);
    const published = await client.post(publishUrl(draft.id));
    expect(published.status, published.body).toBe(202);
    return published.json as { id: string; parent: { id: string }; files: Record<string, unknown> };
  }

  describe(`local transfer (${backend})`, () => {
    it('uploads, commits with size and md5, lists and reads back the file', async () => {
      const draft = await draftWithFiles(alice);
      const bytes = someBytes(100_000);
      const init = await alice.post(filesUrl(draft.id), [
        { key: 'readings.csv', size: bytes.length },
      ]);
      expect(init.status, init.body).toBe(201);
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
      // Content may not be replaced once committed.
      const again = await putContent(alice, draft.id, 'readings.csv', bytes);
      expect(again.status).toBe(400);
      expect(again.json.message).toBe('File with key readings.csv is already committed.');

      const list = await alice.get(filesUrl(draft.id));
      expect(list.json).toMatchObject({ enabled: true, default_preview: null, order: [] });
      expect(list.json.entries.map((e: { key: string }) => e.key)).toEqual(['readings.csv']);
      const record = await alice.get(`/api/records/${draft.id}/draft`);
      expect(record.json.files).toMatchObject({
        enabled: true,
        count: 1,
        total_bytes: bytes.length,
        entries: { 'readings.csv': { checksum: `md5:${md5(bytes)}`, size: bytes.length } },
      });
      expect(record.json.errors).toBeUndefined();

      const downloaded = await alice.get(`${fileUrl(draft.id, 'readings.csv')}/content`);
      expect(downloaded.status).toBe(200);
      expect(md5(downloaded.raw)).toBe(md5(bytes));
    });

    it('enforces the size declared at init while streaming', async () => {
      const draft = await draftWithFiles(alice);
      await alice.post(filesUrl(draft.id), [{ key: 'a.bin', size: 10 }]);
      const tooMuch = await putContent(alice, draft.id, 'a.bin', someBytes(20));
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.json.message).toMatch(/at most 10 bytes/);
      const tooLittle = await putContent(alice, draft.id, 'a.bin', someBytes(5));
      expect(tooLittle.status).toBe(400);
      expect(tooLittle.json.message).toMatch(/differs from the size announced \(10 bytes\)/);
      const commit = await alice.post(`${fileUrl(draft.id, 'a.bin')}/commit`);
      expect(commit.status).toBe(400);
      expect(commit.json.message).toBe('No content has been uploaded for a.bin.');
      const right = await putContent(alice, draft.id, 'a.bin', someBytes(10));
      expect(right.status, right.body).toBe(200);
    });

    it('refuses a checksum that differs from the one announced, and marks the file failed', async () => {
      const draft = await draftWithFiles(alice);
      const bytes = someBytes(50);
      await alice.post(filesUrl(draft.id), [
        { key: 'x.txt', size: 50, checksum: `md5:${'0'.repeat(32)}` },
      ]);
      await putContent(alice, draft.id, 'x.txt', bytes);
      const commit = await alice.post(`${fileUrl(draft.id, 'x.txt')}/commit`);
      expect(commit.status).toBe(400);
      expect((await alice.get(fileUrl(draft.id, 'x.txt'))).json.status).toBe('failed');
      // A failed file gives way to a new upload under the same name.
      const retry = await alice.post(filesUrl(draft.id), [
        { key: 'x.txt', size: 50, checksum: `md5:${md5(bytes)}` },
      ]);
      expect(retry.status, retry.body).toBe(201);
    });
  });

  describe(`checks and quotas (${backend})`, () => {
    it('refuses duplicate names after Unicode normalisation', async () => {
      const draft = await draftWithFiles(alice);
      expect(
        (await alice.post(filesUrl(draft.id), [{ key: 'caf\u00e9.txt', size: 3 }])).status,
      ).toBe(201);
      const duplicate = await alice.post(filesUrl(draft.id), [{ key: 'cafe\u0301.txt', size: 3 }]);
      expect(duplicate.status).toBe(400);
      expect(duplicate.json.message).toBe('caf\u00e9.txt is already part of this upload.');
      const twice = await alice.post(filesUrl(draft.id), [
        { key: 'b.txt', size: 1 },
        { key: 'b.txt', size: 1 },
      ]);
      expect(twice.status).toBe(400);
    });

    it('refuses unsafe names, empty files and an empty init', async () => {
      const draft = await draftWithFiles(alice);
      for (const key of ['../etc/passwd', '/abs.txt', 'a\\b', 'bell\u0007.txt', '..', '']) {
        const response = await alice.post(filesUrl(draft.id), [{ key, size: 3 }]);
        expect(response.status, key).toBe(400);
        expect(response.json.errors[0].field).toBe('0.key');
      }
      const empty = await alice.post(filesUrl(draft.id), [{ key: 'empty.txt', size: 0 }]);
      expect(empty.status).toBe(400);
      expect(empty.json.message).toBe('Empty files are not allowed: empty.txt has no content.');
      const none = await alice.post(filesUrl(draft.id), []);
      expect(none.status).toBe(400);
      expect(none.json.message).toBe('No files to upload.');
    });

    it('applies the default quota of 5 files and 1e10 bytes, and an admin quota per record', async () => {
      const draft = await draftWithFiles(alice);
      const five = [1, 2, 3, 4, 5].map((n) => ({ key: `f${n}.txt`, size: 1 }));
      expect((await alice.post(filesUrl(draft.id), five)).status).toBe(201);
      const sixth = await alice.post(filesUrl(draft.id), [{ key: 'f6.txt', size: 1 }]);
      expect(sixth.status).toBe(400);
      expect(sixth.json.message).toMatch(/max amount per record \(5 files\)/);

      const big = await draftWithFiles(alice);
      const tooBig = await alice.post(filesUrl(big.id), [{ key: 'huge.bin', size: 1e10 + 1 }]);
      expect(tooBig.status).toBe(400);
      expect(tooBig.json.message).toMatch(
        /10000000001 bytes, more than the storage limit of 10000000000 bytes/,
      );

      const quotaUrl = `/api/admin/records/${draft.id}/quota`;
      expect((await alice.get(quotaUrl)).json).toEqual({ max_files: 5, max_bytes: 1e10 });
      expect((await alice.put(quotaUrl, { max_files: 10, max_bytes: 100 })).status).toBe(403);
      const set = await admin.put(quotaUrl, { max_files: 10, max_bytes: 100 });
      expect(set.status, set.body).toBe(200);
      // The file list tells the deposit form the record's quota.
      expect((await alice.get(filesUrl(big.id))).json.quota).toEqual({
        max_files: 5,
        max_bytes: 1e10,
      });
      expect((await alice.get(filesUrl(draft.id))).json.quota).toEqual({
        max_files: 10,
        max_bytes: 100,
      });
      expect((await alice.post(filesUrl(draft.id), [{ key: 'f6.txt', size: 1 }])).status).toBe(201);
      const overBytes = await alice.post(filesUrl(draft.id), [{ key: 'f7.txt', size: 95 }]);
      expect(overBytes.status).toBe(400);
      expect(overBytes.json.message).toMatch(/storage limit of 100 bytes/);
    });

    it('refuses uploads to a metadata-only draft, and metadata-only while files exist', async () => {
      const metadataOnly = await createDraft(alice, publishable('Metadata only'));
      const refused = await alice.post(filesUrl(metadataOnly.json.id), [{ key: 'a.txt', size: 1 }]);
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toEqual([
        { field: 'files.enabled', messages: ['Files support must be enabled.'] },
      ]);

      const draft = await draftWithFiles(alice);
      await uploadFile(alice, draft.id, 'a.txt', someBytes(3));
      const saved = await alice.put(
        `/api/records/${draft.id}/draft`,
        publishable('Switched off', { files: { enabled: false } }),
      );
      expect(saved.json.errors).toContainEqual(
        expect.objectContaining({
          field: 'files.enabled',
          messages: [expect.stringMatching(/cannot be metadata-only/)],
        }),
      );
    });
  });

  describe(`publishing and lifecycle (${backend})`, () => {
    it('needs a completed file to publish, and refuses while one is pending', async () => {
      const draft = await draftWithFiles(alice);
      const none = await alice.post(publishUrl(draft.id));
      expect(none.status).toBe(400);
      expect(none.json.errors).toContainEqual(expect.objectContaining({ field: 'files.enabled' }));
      await uploadFile(alice, draft.id, 'done.txt', someBytes(10));
      await alice.post(filesUrl(draft.id), [{ key: 'pending.txt', size: 10 }]);
      const pending = await alice.post(publishUrl(draft.id));
      expect(pending.status).toBe(400);
      expect(JSON.stringify(pending.json.errors)).toContain(
        'One or more files have not completed their transfer, please wait.',
      );
      expect((await alice.delete(fileUrl(draft.id, 'pending.txt'))).status).toBe(204);
      expect((await alice.delete(fileUrl(draft.id, 'pending.txt'))).status).toBe(404);
      const published = await alice.post(publishUrl(draft.id));
      expect(published.status, published.body).toBe(202);
      expect(published.json.files).toMatchObject({ enabled: true, count: 1 });
      expect(published.json.links.archive).toBe(
        `http://arca.test/api/records/${draft.id}/files-archive`,
      );
      const list = await alice.get(`/api/records/${draft.id}/files`);
      expect(list.json.entries[0]).toMatchObject({ key: 'done.txt', status: 'completed' });
      expect(list.json.entries[0].links.commit).toBeUndefined();
    });

    it('locks the files of an edit draft; a new version imports them without copying bytes', async () => {
      const bytes = someBytes(2000, 7);
      const record = await publishedWithFile(alice, bytes, 'v1.csv');
      const edit = await alice.post(`/api/records/${record.id}/draft`);
      expect(edit.status).toBe(201);
      expect(Object.keys(edit.json.files.entries)).toEqual(['v1.csv']);
      const locked = await alice.post(filesUrl(record.id), [{ key: 'new.txt', size: 1 }]);
      expect(locked.status).toBe(400);
      expect(locked.json.message).toMatch(/Create a new version/);
      expect((await alice.post(publishUrl(record.id))).status).toBe(202);

      const next = await alice.post(`/api/records/${record.id}/versions`);
      expect(next.status).toBe(201);
      const importUrl = `/api/records/${next.json.id}/draft/actions/files-import`;
      expect((await bob.post(importUrl)).status).toBe(403);
      const imported = await alice.post(importUrl);
      expect(imported.status, imported.body).toBe(201);
      const original = (await alice.get(`/api/records/${record.id}/files`)).json.entries[0];
      expect(imported.json.entries).toHaveLength(1);
      expect(imported.json.entries[0]).toMatchObject({
        key: 'v1.csv',
        status: 'completed',
        checksum: `md5:${md5(bytes)}`,
        file_id: original.file_id,
      });
      const twice = await alice.post(importUrl);
      expect(twice.status).toBe(400);
      expect(twice.json.errors[0].messages).toEqual(['Please remove all files first.']);
      const content = await alice.get(`${fileUrl(next.json.id, 'v1.csv')}/content`);
      expect(md5(content.raw)).toBe(md5(bytes));

      // Deleting the file from the new version keeps the bytes the first version still names.
      expect((await alice.delete(filesUrl(next.json.id))).status).toBe(204);
      expect((await alice.get(filesUrl(next.json.id))).json.entries).toEqual([]);
      const still = await alice.get(`/api/records/${record.id}/files/v1.csv/content`);
      expect(md5(still.raw)).toBe(md5(bytes));
      // Discarding the version draft leaves the published files alone too.
      expect((await alice.delete(`/api/records/${next.json.id}/draft`)).status).toBe(204);
      expect((await alice.get(`/api/records/${record.id}/files/v1.csv/content`)).status).toBe(200);
    });

    it('updates file metadata and hidden flag', async () => {
      const draft = await draftWithFiles(alice);
      await uploadFile(alice, draft.id, 'm.txt', someBytes(5));
      const updated = await alice.put(fileUrl(draft.id, 'm.txt'), {
        metadata: { description: 'raw data' },
        access: { hidden: true },
      });
      expect(updated.status, updated.body).toBe(200);
      expect(updated.json).toMatchObject({
        metadata: { description: 'raw data' },
        access: { hidden: true },
      });
      expect((await bob.put(fileUrl(draft.id, 'm.txt'), { metadata: {} })).status).toBe(403);
    });
  });

  describe(`default preview (${backend})`, () => {
    it('names the file to preview first, in the draft and once published', async () => {
      const draft = await draftWithFiles(alice, {
        files: { enabled: true, default_preview: 'b.png' },
      });
      await uploadFile(alice, draft.id, 'a.csv', someBytes(10));
      await uploadFile(alice, draft.id, 'b.png', someBytes(10));
      expect((await alice.get(filesUrl(draft.id))).json.default_preview).toBe('b.png');
      const saved = await alice.get(`/api/records/${draft.id}/draft`);
      expect(saved.json.files).toMatchObject({ enabled: true, default_preview: 'b.png' });
      expect((await alice.post(publishUrl(draft.id))).status).toBe(202);
      expect((await alice.get(`/api/records/${draft.id}/files`)).json.default_preview).toBe(
        'b.png',
      );
      expect((await t.client().get(`/api/records/${draft.id}`)).json.files.default_preview).toBe(
        'b.png',
      );
    });
  });

  describe(`downloads (${backend})`, () => {
    it('serves ranges, ETag, type and a safe filename; zips every file', async () => {
      const bytes = someBytes(10_000, 3);
      const record = await publishedWithFile(alice, bytes, 'r\u00e9sum\u00e9 "1".csv');
      const url = `/api/records/${record.id}/files/${encodeURIComponent('r\u00e9sum\u00e9 "1".csv')}/content`;
      const anonymous = t.client();
      const whole = await anonymous.get(url);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toMatch(/^text\/csv/);
      expect(whole.headers.etag).toBe(`"${md5(bytes)}"`);
      expect(whole.headers['content-length']).toBe(String(bytes.length));
      expect(whole.headers['content-disposition']).toBe(
        `inline; filename="r_sum_ _1_.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%221%22.csv`,
      );
      const part = await anonymous.get(url, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
      expect(part.raw.equals(bytes.subarray(100, 200))).toBe(true);
      const suffix = await anonymous.get(url, { headers: { range: 'bytes=-10' } });
      expect(suffix.raw.equals(bytes.subarray(bytes.length - 10))).toBe(true);
      const outside = await anonymous.get(url, { headers: { range: 'bytes=20000-' } });
      expect(outside.status).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${bytes.length}`);
      const cached = await anonymous.get(url, { headers: { 'if-none-match': `"${md5(bytes)}"` } });
      expect(cached.status).toBe(304);

      const item = await anonymous.get(
        `/api/records/${record.id}/files/${encodeURIComponent('r\u00e9sum\u00e9 "1".csv')}`,
      );
      expect(item.json).toMatchObject({ status: 'completed', checksum: `md5:${md5(bytes)}` });
      expect(item.json.links.commit).toBeUndefined();

      const zip = await anonymous.get(`/api/records/${record.id}/files-archive`);
      expect(zip.status).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.raw.subarray(0, 4).toString('hex')).toBe('504b0304');
      // Stored uncompressed: the bytes and the name are in the archive as they are.
      expect(zip.raw.includes(bytes)).toBe(true);
      expect(zip.raw.includes(Buffer.from('r\u00e9sum\u00e9 "1".csv'))).toBe(true);
    });

    it('answers HEAD with the headers of GET and no body, without reading the bytes', async () => {
      const bytes = someBytes(5000, 4);
      const record = await publishedWithFile(alice, bytes, 'table.csv', {
        access: { record: 'public', files: 'restricted' },
      });
      const url = `/api/records/${record.id}/files/table.csv/content`;
      const get = await alice.get(url);
      const head = await alice.request('HEAD', url);
      expect(head.status).toBe(200);
      expect(head.raw.length).toBe(0);
      const same = [
        'content-type',
        'content-length',
        'etag',
        'accept-ranges',
        'content-disposition',
      ];
      for (const name of [...same, 'cache-control', 'content-security-policy']) {
        expect(head.headers[name], name).toBe(get.headers[name]);
      }
      expect(head.headers['content-length']).toBe(String(bytes.length));
      const range = await alice.request('HEAD', url, { headers: { range: 'bytes=10-19' } });
      expect(range.status).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
      expect(range.headers['content-length']).toBe('10');
      const cached = await alice.request('HEAD', url, {
        headers: { 'if-none-match': `"${md5(bytes)}"` },
      });
      expect(cached.status).toBe(304);
      // The permission policy holds as for GET.
      expect((await t.client().request('HEAD', url)).status).toBe(403);
      const zip = await alice.request('HEAD', `/api/records/${record.id}/files-archive`);
      expect(zip.status).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.raw.length).toBe(0);

      // A draft's file; with its bytes gone from storage, HEAD still answers from the database.
      const draft = await draftWithFiles(alice);
      const file = await uploadFile(alice, draft.id, 'notes.txt', bytes.subarray(0, 300));
      const draftUrl = `${fileUrl(draft.id, 'notes.txt')}/content`;
      const [object] = await t.db
        .select()
        .from(fileObjects)
        .where(eq(fileObjects.id, file.file_id as string));
      await createStorage(t.config).remove(object!.storageKey);
      const draftHead = await alice.request('HEAD', draftUrl);
      expect(draftHead.status).toBe(200);
      expect(draftHead.headers).toMatchObject({
        'content-type': 'text/plain',
        'content-length': '300',
        etag: `"${md5(bytes.subarray(0, 300))}"`,
      });
      expect((await bob.request('HEAD', draftUrl)).status).toBe(403);
      expect(
        (await alice.request('HEAD', `${fileUrl(draft.id, 'missing.txt')}/content`)).status,
      ).toBe(404);
    });

    it('enforces restricted files, embargoes, draft previews and secret links', async () => {
      const bytes = someBytes(64, 9);
      const restricted = await publishedWithFile(alice, bytes, 'secret.txt', {
        access: { record: 'public', files: 'restricted' },
      });
      const url = `/api/records/${restricted.id}/files/secret.txt/content`;
      expect((await t.client().get(url)).status).toBe(403);
      expect((await bob.get(url)).status).toBe(403);
      expect((await t.client().get(`/api/records/${restricted.id}/files`)).status).toBe(403);
      expect((await t.client().get(`/api/records/${restricted.id}/files-archive`)).status).toBe(
        403,
      );
      expect((await alice.get(url)).status).toBe(200);
      const record = await t.client().get(`/api/records/${restricted.id}`);
      expect(record.json.files.entries).toBeUndefined();

      const link = await t.services.access.createLink({
        parentId: restricted.parent.id,
        permission: 'view',
      });
      const viaLink = await t.client().get(`${url}?token=${link.token}`);
      expect(viaLink.status).toBe(200);
      expect(md5(viaLink.raw)).toBe(md5(bytes));

      const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const embargoed = await publishedWithFile(alice, bytes, 'later.txt', {
        access: {
          record: 'public',
          files: 'restricted',
          embargo: { active: true, until, reason: 'paper' },
        },
      });
      expect(
        (await t.client().get(`/api/records/${embargoed.id}/files/later.txt/content`)).status,
      ).toBe(403);

      const draft = await draftWithFiles(alice);
      await uploadFile(alice, draft.id, 'draft.txt', bytes);
      const draftUrl = `${fileUrl(draft.id, 'draft.txt')}/content`;
      const draftZip = await alice.get(`/api/records/${draft.id}/draft/files-archive`);
      expect(draftZip.status).toBe(200);
      expect(draftZip.raw.includes(bytes)).toBe(true);
      expect((await bob.get(`/api/records/${draft.id}/draft/files-archive`)).status).toBe(403);
      expect((await bob.get(draftUrl)).status).toBe(403);
      expect((await t.client().get(draftUrl)).status).toBe(403);
      const parentId = (await alice.get(`/api/records/${draft.id}/draft`)).json.parent.id as string;
      const preview = await t.services.access.createLink({ parentId, permission: 'preview' });
      expect((await t.client().get(`${draftUrl}?token=${preview.token}`)).status).toBe(200);
      expect((await bob.get(`${draftUrl}?token=${preview.token}`)).status).toBe(200);
      // A view link does not open drafts.
      const view = await t.services.access.createLink({ parentId, permission: 'view' });
      expect((await t.client().get(`${draftUrl}?token=${view.token}`)).status).toBe(403);
    });
  });

  describe(`multipart transfer (${backend})`, () => {
    const partSize = 5 * MiB;

    async function initMultipart(
      client: TestClient,
      id: string,
      key: string,
      size: number,
      parts: number,
    ) {
      const init = await client.post(filesUrl(id), [
        { key, size, transfer: { type: 'M', parts, part_size: partSize } },
      ]);
      expect(init.status, init.body).toBe(201);
      return init.json.entries.find((e: { key: string }) => e.key === key) as {
        links: {
          parts: { part: number; url: string; expiration: string }[];
          content?: string;
          self: string;
        };
        transfer: { parts_done: number[] };
      };
    }

    it('uploads parts to their URLs, resumes after an interruption, and commits', async () => {
      const draft = await draftWithFiles(alice);
      const bytes = someBytes(partSize * 2 + 1000, 5);
      const entry = await initMultipart(alice, draft.id, 'big.tif', bytes.length, 3);
      expect(entry.links.content).toBeUndefined();
      expect(entry.links.parts.map((p) => p.part)).toEqual([1, 2, 3]);
      expect(Date.parse(entry.links.parts[0]!.expiration)).toBeGreaterThan(Date.now());
      expect(entry.transfer).toMatchObject({
        type: 'M',
        parts: 3,
        part_size: partSize,
        parts_done: [],
      });
      if (backend === 's3') expect(entry.links.parts[0]!.url).toContain('X-Amz-Signature');

      const slice = (n: number) =>
        bytes.subarray((n - 1) * partSize, Math.min(n * partSize, bytes.length));
      expect((await putPart(entry.links.parts[0]!.url, slice(1))).status).toBe(200);
      expect((await putPart(entry.links.parts[2]!.url, slice(3))).status).toBe(200);
      // The connection drops; the client reads the file again and sends only what is missing.
      const resumed = await alice.get(fileUrl(draft.id, 'big.tif'));
      expect(resumed.json.status).toBe('pending');
      expect(resumed.json.transfer.parts_done).toEqual([1, 3]);
      const early = await alice.post(`${fileUrl(draft.id, 'big.tif')}/commit`);
      expect(early.status).toBe(400);
      expect(early.json.message).toBe('Parts still missing: 2.');
      const missing = resumed.json.links.parts.find((p: { part: number }) => p.part === 2);
      expect((await putPart(missing.url as string, slice(2))).status).toBe(200);

      const commit = await alice.post(`${fileUrl(draft.id, 'big.tif')}/commit`);
      expect(commit.status, commit.body).toBe(200);
      expect(commit.json).toMatchObject({
        status: 'completed',
        size: bytes.length,
        checksum: `md5:${md5(bytes)}`,
        transfer: { type: 'L' },
      });
      expect(commit.json.links.content).toBeDefined();
      const content = await alice.get(`${fileUrl(draft.id, 'big.tif')}/content`);
      expect(md5(content.raw)).toBe(md5(bytes));
    });

    it('enforces the part limits of SPEC §9', async () => {
      const draft = await draftWithFiles(alice);
      const tooMany = await alice.post(filesUrl(draft.id), [
        {
          key: 'a.bin',
          size: 10_001 * MiB * 5,
          transfer: { type: 'M', parts: 10_001, part_size: 5 * MiB },
        },
      ]);
      expect(tooMany.status).toBe(400);
      expect(tooMany.json.errors[0]).toEqual({
        field: '0.transfer.parts',
        messages: ['A multipart upload has from 1 to 10000 parts.'],
      });
      const tooSmall = await alice.post(filesUrl(draft.id), [
        { key: 'a.bin', size: 2 * MiB, transfer: { type: 'M', parts: 2, part_size: MiB } },
      ]);
      expect(tooSmall.json.errors[0].field).toBe('0.transfer.part_size');
      const tooLarge = await alice.post(filesUrl(draft.id), [
        {
          key: 'a.bin',
          size: 12 * 1024 * MiB,
          transfer: { type: 'M', parts: 2, part_size: 6 * 1024 * MiB },
        },
      ]);
      expect(tooLarge.json.errors[0].field).toBe('0.transfer.part_size');
      const mismatch = await alice.post(filesUrl(draft.id), [
        { key: 'a.bin', size: 20 * MiB, transfer: { type: 'M', parts: 2, part_size: 5 * MiB } },
      ]);
      expect(mismatch.json.errors[0].field).toBe('0.transfer.parts');
      const noSize = await alice.post(filesUrl(draft.id), [
        { key: 'a.bin', transfer: { type: 'M', parts: 2 } },
      ]);
      expect(noSize.json.errors[0].field).toBe('0.size');
    });

    it('aborts a pending multipart upload on delete', async () => {
      const draft = await draftWithFiles(alice);
      const entry = await initMultipart(alice, draft.id, 'gone.bin', partSize + 10, 2);
      expect((await putPart(entry.links.parts[0]!.url, someBytes(partSize))).status).toBe(200);
      expect((await alice.delete(fileUrl(draft.id, 'gone.bin'))).status).toBe(204);
      expect((await alice.get(fileUrl(draft.id, 'gone.bin'))).status).toBe(404);
      // The upload is gone from storage too.
      const url = new URL(entry.links.parts[1]!.url);
      if (backend === 'local') {
        expect((await putPart(url.toString(), someBytes(10))).status).toBe(404);
      } else {
        const client = new S3Client({
          region: 'us-east-1',
          endpoint: s3!.endpoint,
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        });
        const listing = client.send(
          new ListPartsCommand({
            Bucket: S3_BUCKET,
            Key: decodeURIComponent(url.pathname.split('/').slice(2).join('/')),
            UploadId: url.searchParams.get('uploadId')!,
          }),
        );
        await expect(listing).rejects.toThrow(NoSuchUpload);
      }
    });

    if (backend === 's3') {
      it('checks the sizes of parts sent straight to S3 when committing', async () => {
        const draft = await draftWithFiles(alice);
        const entry = await initMultipart(alice, draft.id, 'sized.bin', partSize + 10, 2);
        expect((await putPart(entry.links.parts[0]!.url, someBytes(partSize + 1))).status).toBe(
          200,
        );
        expect((await putPart(entry.links.parts[1]!.url, someBytes(9))).status).toBe(200);
        const commit = await alice.post(`${fileUrl(draft.id, 'sized.bin')}/commit`);
        expect(commit.status).toBe(400);
        expect(commit.json.message).toBe(
          `Size of this part must be equal to part_size sent in multipart initialization (part 1: ${partSize} bytes).`,
        );
        // The right bytes, sent again, complete the file.
        const bytes = someBytes(partSize + 10, 12);
        expect((await putPart(entry.links.parts[0]!.url, bytes.subarray(0, partSize))).status).toBe(
          200,
        );
        expect((await putPart(entry.links.parts[1]!.url, bytes.subarray(partSize))).status).toBe(
          200,
        );
        const again = await alice.post(`${fileUrl(draft.id, 'sized.bin')}/commit`);
        expect(again.status, again.body).toBe(200);
        expect(again.json.checksum).toBe(`md5:${md5(bytes)}`);
      });
    }

    if (backend === 'local') {
      it('checks Content-MD5 and part sizes, and refuses an expired part URL', async () => {
        const draft = await draftWithFiles(alice);
        const bytes = someBytes(partSize + 100, 11);
        const entry = await initMultipart(alice, draft.id, 'checked.bin', bytes.length, 2);
        const first = bytes.subarray(0, partSize);
        const wrong = await putPart(entry.links.parts[0]!.url, first, {
          'content-md5': md5Base64(someBytes(5)),
        });
        expect(wrong.status).toBe(400);
        expect(JSON.parse(wrong.body).message).toMatch(/Content-MD5 header does not match/);
        expect(
          (await alice.get(fileUrl(draft.id, 'checked.bin'))).json.transfer.parts_done,
        ).toEqual([]);
        const right = await putPart(entry.links.parts[0]!.url, first, {
          'content-md5': md5Base64(first),
        });
        expect(right.status, right.body).toBe(200);

        const short = await putPart(
          entry.links.parts[1]!.url,
          bytes.subarray(partSize, partSize + 50),
        );
        expect(short.status).toBe(400);
        expect(JSON.parse(short.body).message).toMatch(
          /^Size of this part must be equal to part_size/,
        );

        // A URL whose time is up is refused with a clear message; reading the file gives fresh ones.
        const signer = createPartSigner(t.config.secretKey);
        const fileId = (await alice.get(fileUrl(draft.id, 'checked.bin'))).json.file_id as string;
        const past = Math.floor(Date.now() / 1000) - 60;
        const base = entry.links.parts[1]!.url.split('?')[0]!;
        const expired = await putPart(
          `${base}?expires=${past}&signature=${signer.sign(fileId, 2, past)}`,
          bytes.subarray(partSize),
        );
        expect(expired.status).toBe(403);
        expect(JSON.parse(expired.body).message).toMatch(/upload URL has expired/);
        const forged = await putPart(
          `${base}?expires=${past + 7200}&signature=${signer.sign(fileId, 2, past)}`,
          bytes.subarray(partSize),
        );
        expect(forged.status).toBe(403);
        const fresh = (await alice.get(fileUrl(draft.id, 'checked.bin'))).json.links.parts[1]
          .url as string;
        expect((await putPart(fresh, bytes.subarray(partSize))).status).toBe(200);
        const badNumber = await putPart(fresh.replace('/content/2?', '/content/3?'), someBytes(1));
        expect(badNumber.status).toBe(403);
        const commit = await alice.post(`${fileUrl(draft.id, 'checked.bin')}/commit`);
        expect(commit.json.checksum).toBe(`md5:${md5(bytes)}`);
      });

      it('applies the quota configured for the installation', async () => {
        const other = await startTestApp({
          env: { ARCA_FILES_MAX_COUNT: '2', ARCA_FILES_MAX_BYTES: '100' },
        });
        try {
          const client = other.client();
          await client.login((await buildUser(other.services)).email);
          const draft = await draftWithFiles(client);
          expect((await client.get(filesUrl(draft.id))).json.quota).toEqual({
            max_files: 2,
            max_bytes: 100,
          });
          const three = await client.post(filesUrl(draft.id), [
            { key: 'a.txt', size: 1 },
            { key: 'b.txt', size: 1 },
            { key: 'c.txt', size: 1 },
          ]);
          expect(three.status).toBe(400);
          expect(three.json.message).toMatch(/max amount per record \(2 files\)/);
          const big = await client.post(filesUrl(draft.id), [{ key: 'a.txt', size: 101 }]);
          expect(big.json.message).toMatch(/storage limit of 100 bytes/);
          expect(
            (await client.post(filesUrl(draft.id), [{ key: 'a.txt', size: 100 }])).status,
          ).toBe(201);
        } finally {
          await other.close();
        }
      });

      it('allows empty files when configured', async () => {
        const other = await startTestApp({ env: { ARCA_FILES_ALLOW_EMPTY: 'true' } });
        try {
          const client = other.client();
          await client.login((await buildUser(other.services)).email);
          const draft = await draftWithFiles(client);
          const file = await uploadFile(client, draft.id, 'empty.txt', Buffer.alloc(0));
          expect(file).toMatchObject({ size: 0, checksum: `md5:${md5(Buffer.alloc(0))}` });
        } finally {
          await other.close();
        }
      });
    }
  });
}

export type { TestResponse };
