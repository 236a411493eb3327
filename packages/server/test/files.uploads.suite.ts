import { describe, expect, it } from 'vitest';
import { publishUrl, type FilesApp } from './files.app.ts';
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

/** Uploads through the server, the checks and quotas on them, and publishing with files. */
export function describeFileUploads(app: FilesApp) {
  const { backend, alice, bob, admin, publishedWithFile } = app;

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
      expect((await alice.get(quotaUrl)).status).toBe(403);
      expect((await admin.get(quotaUrl)).json).toEqual({ max_files: 5, max_bytes: 1e10 });
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
}
