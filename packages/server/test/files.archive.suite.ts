import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fileEntries } from '../src/db/schema.ts';
import type { FilesApp } from './files.app.ts';
import { draftWithFiles, someBytes, uploadFile } from './files.helpers.ts';

/** The archive of the files below and their manifest, their times set: the same bytes in every backend. */
const SHA256 = 'cdbc138c7740704710815f6da3f027f8de4e5b4c4df90a915b24256573f16885';

/** Names and sizes: small, not ASCII, one streamed (past 256 KiB). */
const FILES: [string, number][] = [
  ['README.md', 1200],
  ['series-01.csv', 5000],
  ['series-02.csv', 5001],
  ['m\u00e9t\u00e9o \u6570\u636e.bin', 70_000],
  ['scan.tif', 300_000],
  ...Array.from({ length: 30 }, (_, i): [string, number] => [`f${i}.txt`, 10 + i]),
];

/** Zip archives of a draft's files: exact length, Range, ETag, the same bytes in every backend. */
export function describeFileArchives(app: FilesApp) {
  const { backend, t, alice, admin } = app;
  const work = mkdtempSync(path.join(tmpdir(), 'arca-archive-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  describe(`archives (${backend})`, () => {
    it('are stored zips that unzip reads, resumable by Range, identical in every backend', async () => {
      const draft = await draftWithFiles(alice);
      const quota = { max_files: 50, max_bytes: 10_000_000 };
      expect((await admin.put(`/api/admin/records/${draft.id}/quota`, quota)).status).toBe(200);
      const contents = FILES.map(([, size], i) => someBytes(size, i + 1));
      for (const [i, [key]] of FILES.entries()) {
        await uploadFile(alice, draft.id, key, contents[i]!);
      }
      // Entries carry the time of their row: fixed here, so that the bytes are known.
      await t.db
        .update(fileEntries)
        .set({ createdAt: new Date('2025-01-02T03:04:05Z') })
        .where(eq(fileEntries.recordId, draft.id));
      const url = `/api/records/${draft.id}/draft/files-archive`;
      const whole = await alice.get(url);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-length']).toBe(String(whole.raw.length));
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(createHash('sha256').update(whole.raw).digest('hex')).toBe(SHA256);
      const file = path.join(work, `${backend}.zip`);
      writeFileSync(file, whole.raw);
      expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
      for (const [i, [key]] of FILES.entries()) {
        expect(execFileSync('unzip', ['-p', file, key]).equals(contents[i]!), key).toBe(true);
      }
      expect((await alice.get(url)).raw.equals(whole.raw)).toBe(true);

      const size = whole.raw.length;
      const etag = whole.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
      for (const [start, end] of [
        [0, 99],
        [1000, 1999],
        [5000, size - 1],
        [size - 300, size - 1],
        [size - 1, size - 1],
      ] as const) {
        const part = await alice.get(url, {
          headers: { range: `bytes=${start}-${end}`, 'if-range': etag },
        });
        expect(part.status).toBe(206);
        expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
        expect(part.headers['content-length']).toBe(String(end - start + 1));
        expect(part.raw.equals(whole.raw.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
      const suffix = await alice.get(url, { headers: { range: 'bytes=-500' } });
      expect(suffix.raw.equals(whole.raw.subarray(size - 500))).toBe(true);
      const beyond = await alice.get(url, { headers: { range: `bytes=${size}-` } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
      // A range of another archive than the client's: the whole archive instead.
      const changed = await alice.get(url, {
        headers: { range: 'bytes=0-99', 'if-range': '"another"' },
      });
      expect(changed.status).toBe(200);
      expect(changed.raw.equals(whole.raw)).toBe(true);
      expect((await alice.get(url, { headers: { 'if-none-match': etag } })).status).toBe(304);

      const head = await alice.request('HEAD', url);
      expect(head.status).toBe(200);
      expect(head.raw.length).toBe(0);
      expect(head.headers).toMatchObject({ 'content-length': String(size), etag });

      await uploadFile(alice, draft.id, 'late.txt', someBytes(10, 99));
      const after = await alice.request('HEAD', url);
      expect(after.headers.etag).not.toBe(etag);
      // Its header, name, bytes and central record, and its manifest line (hash, 2 spaces, name, LF).
      const line = 64 + 2 + 8 + 1;
      expect(Number(after.headers['content-length'])).toBe(size + 30 + 8 + 10 + 46 + 8 + line);
    });
  });
}
