import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileObjects } from '../src/db/schema.ts';
import { createStorage } from '../src/storage/index.ts';
import { publishUrl, type FilesApp } from './files.app.ts';
import { draftWithFiles, fileUrl, filesUrl, md5, someBytes, uploadFile } from './files.helpers.ts';

/** Reading files back: default preview, downloads, HEAD, archives and access rules. */
export function describeFileReads(app: FilesApp) {
  const { backend, t, alice, bob, publishedWithFile } = app;

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
}
