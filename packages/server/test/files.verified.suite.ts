import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FilesApp } from './files.app.ts';
import {
  draftWithFiles,
  fileUrl,
  filesUrl,
  md5,
  putContent,
  someBytes,
  uploadFile,
} from './files.helpers.ts';

const MiB = 1024 * 1024;
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The uploader's SHA-256 against the server's, the manifest, and the manifest in the zip. */
export function describeFileVerification(app: FilesApp) {
  const { backend, t, alice, bob, putPart, publishedWithFile } = app;
  const work = mkdtempSync(path.join(tmpdir(), 'arca-verified-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const commit = (id: string, key: string, digest?: string) =>
    alice.post(`${fileUrl(id, key)}/commit`, digest ? { checksum: `sha256:${digest}` } : undefined);

  describe(`verified files (${backend})`, () => {
    it('marks a file verified when the SHA-256 sent with the commit agrees', async () => {
      const draft = await draftWithFiles(alice);
      const bytes = someBytes(70_000, 11);
      await alice.post(filesUrl(draft.id), [{ key: 'agreed.csv', size: bytes.length }]);
      expect((await putContent(alice, draft.id, 'agreed.csv', bytes)).status).toBe(200);
      const done = await commit(draft.id, 'agreed.csv', sha256(bytes));
      expect(done.status, done.body).toBe(200);
      expect(done.json).toMatchObject({
        status: 'completed',
        checksum: `md5:${md5(bytes)}`,
        checksums: [`md5:${md5(bytes)}`, `sha256:${sha256(bytes)}`],
        verified: true,
      });
      const record = await alice.get(`/api/records/${draft.id}/draft`);
      expect(record.json.files.entries['agreed.csv']).toMatchObject({ verified: true });
    });

    it('refuses a SHA-256 that disagrees, naming the file; the file stays pending, its bytes kept', async () => {
      const draft = await draftWithFiles(alice);
      const bytes = someBytes(5_000, 12);
      await alice.post(filesUrl(draft.id), [{ key: 'torn.bin', size: bytes.length }]);
      await putContent(alice, draft.id, 'torn.bin', bytes);
      const refused = await commit(draft.id, 'torn.bin', sha256(someBytes(5_000, 13)));
      expect(refused.status).toBe(400);
      expect(refused.json.message).toContain('torn.bin');
      const file = await alice.get(fileUrl(draft.id, 'torn.bin'));
      expect(file.json).toMatchObject({ status: 'pending', verified: false, checksums: [] });
      // Nothing was lost: the right checksum completes the same bytes.
      const agreed = await commit(draft.id, 'torn.bin', sha256(bytes));
      expect(agreed.status, agreed.body).toBe(200);
      expect(agreed.json).toMatchObject({ status: 'completed', verified: true });
      const content = await alice.get(`${fileUrl(draft.id, 'torn.bin')}/content`);
      expect(content.raw.equals(bytes)).toBe(true);
    });

    it('checks a SHA-256 announced at init; without one a file is completed, not verified', async () => {
      const draft = await draftWithFiles(alice);
      const bytes = someBytes(300, 14);
      await alice.post(filesUrl(draft.id), [
        { key: 'wrong.txt', size: 300, checksum: `sha256:${'0'.repeat(64)}` },
        { key: 'right.txt', size: 300, checksum: `sha256:${sha256(bytes).toUpperCase()}` },
        { key: 'plain.txt', size: 300 },
      ]);
      for (const key of ['wrong.txt', 'right.txt', 'plain.txt']) {
        await putContent(alice, draft.id, key, bytes);
      }
      expect((await commit(draft.id, 'wrong.txt')).status).toBe(400);
      expect((await commit(draft.id, 'right.txt')).json).toMatchObject({ verified: true });
      const plain = await commit(draft.id, 'plain.txt');
      expect(plain.json).toMatchObject({
        verified: false,
        checksums: [`md5:${md5(bytes)}`, `sha256:${sha256(bytes)}`],
      });
      // The announced checksum stays hidden, and survives a change of metadata.
      const right = await alice.put(fileUrl(draft.id, 'right.txt'), { metadata: { a: 1 } });
      expect(right.json.metadata).toEqual({ a: 1 });
      const init = await alice.post(filesUrl(draft.id), [{ key: 'c.txt', checksum: 'sha256:1' }]);
      expect(init.status).toBe(400);
      expect(JSON.stringify(init.json.errors)).toContain('checksum');
    });

    it('refuses a malformed SHA-256 at commit, naming the field', async () => {
      const draft = await draftWithFiles(alice);
      await alice.post(filesUrl(draft.id), [{ key: 'm.txt', size: 3 }]);
      await putContent(alice, draft.id, 'm.txt', Buffer.from('abc'));
      const bad = await alice.post(`${fileUrl(draft.id, 'm.txt')}/commit`, {
        checksum: 'sha256:1',
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.json)).toContain('checksum');
      expect((await alice.get(fileUrl(draft.id, 'm.txt'))).json.status).toBe('pending');
    });

    it('verifies a multipart upload against the SHA-256 of the whole file', async () => {
      const draft = await draftWithFiles(alice);
      const partSize = 5 * MiB;
      const bytes = someBytes(partSize + 1234, 15);
      const init = await alice.post(filesUrl(draft.id), [
        {
          key: 'parts.bin',
          size: bytes.length,
          transfer: { type: 'M', parts: 2, part_size: partSize },
        },
      ]);
      expect(init.status, init.body).toBe(201);
      const parts = init.json.entries[0].links.parts as { url: string }[];
      // The second part first: the server's running hash reads it back in order.
      expect((await putPart(parts[1]!.url, bytes.subarray(partSize))).status).toBe(200);
      expect((await putPart(parts[0]!.url, bytes.subarray(0, partSize))).status).toBe(200);
      const wrong = await commit(draft.id, 'parts.bin', sha256(bytes.subarray(1)));
      expect(wrong.status).toBe(400);
      const done = await commit(draft.id, 'parts.bin', sha256(bytes));
      expect(done.status, done.body).toBe(200);
      expect(done.json).toMatchObject({
        verified: true,
        checksums: [`md5:${md5(bytes)}`, `sha256:${sha256(bytes)}`],
      });
    });

    it('serves manifest-sha256.txt with the files’ permissions, and puts it in the zip', async () => {
      const first = someBytes(1000, 16);
      const second = someBytes(300_000, 17);
      const record = await publishedWithFile(alice, first, 'one.csv', {
        access: { record: 'public', files: 'restricted' },
      });
      const url = `/api/records/${record.id}/files-manifest`;
      const manifest = await alice.get(url);
      expect(manifest.status).toBe(200);
      expect(manifest.headers['content-disposition']).toContain('manifest-sha256.txt');
      expect(manifest.body).toBe(`${sha256(first)}  one.csv\n`);
      // Restricted files: neither their bytes nor their manifest for others.
      const content = await bob.get(`/api/records/${record.id}/files/one.csv/content`);
      expect(content.status).toBeGreaterThanOrEqual(403);
      expect((await bob.get(url)).status).toBe(content.status);
      expect((await t.client().get(url)).status).toBe(content.status);

      const draft = await draftWithFiles(alice);
      await uploadFile(alice, draft.id, 'a.csv', first);
      await uploadFile(alice, draft.id, 'b/c.tif', second);
      const draftManifest = await alice.get(`/api/records/${draft.id}/draft/files-manifest`);
      expect(draftManifest.body).toBe(`${sha256(first)}  a.csv\n${sha256(second)}  b/c.tif\n`);
      expect((await bob.get(`/api/records/${draft.id}/draft/files-manifest`)).status).toBe(403);
      const zip = await alice.get(`/api/records/${draft.id}/draft/files-archive`);
      expect(zip.status).toBe(200);
      expect(zip.headers['content-length']).toBe(String(zip.raw.length));
      const file = path.join(work, `${backend}.zip`);
      writeFileSync(file, zip.raw);
      expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
      const unpacked = path.join(work, backend);
      execFileSync('unzip', ['-q', file, '-d', unpacked]);
      expect(
        execFileSync('sha256sum', ['-c', 'manifest-sha256.txt'], { cwd: unpacked }).toString(),
      ).toBe('a.csv: OK\nb/c.tif: OK\n');
      // A slice of the archive's end (the manifest) is the same bytes as in the whole.
      const tail = await alice.request('GET', `/api/records/${draft.id}/draft/files-archive`, {
        headers: { range: `bytes=${zip.raw.length - 300}-` },
      });
      expect(tail.status).toBe(206);
      expect(tail.raw.equals(zip.raw.subarray(zip.raw.length - 300))).toBe(true);
    });
  });
}
