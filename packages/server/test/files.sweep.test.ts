import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEntries, fileObjects, fileParts, jobs } from '../src/db/schema.ts';
import { FILES_SWEEP_JOB } from '../src/services/files/files-sweep.ts';
import { createStorage } from '../src/storage/index.ts';
import type { Storage } from '../src/storage/storage.ts';
import { draftWithFiles, fileUrl, filesUrl, md5, someBytes, uploadFile } from './files.helpers.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { S3_BUCKET, startS3Server } from './s3-server.ts';

const MiB = 1024 * 1024;
const HOUR = 3600_000;

for (const backend of ['local', 's3'] as const) {
  describe(`the sweep of abandoned uploads and orphaned bytes (${backend})`, () => {
    let t: TestApp;
    let alice: TestClient;
    let storage: Storage;
    let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;

    beforeAll(async () => {
      if (backend === 's3') s3 = await startS3Server();
      t = await startTestApp({ vocabularies: true, env: s3?.env ?? {} });
      alice = t.client();
      await alice.login((await buildUser(t.services)).email);
      storage = createStorage(t.config);
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    const objectOf = async (fileId: string) => {
      const [object] = await t.db.select().from(fileObjects).where(eq(fileObjects.id, fileId));
      return object!;
    };
    /** Every stored object key, and every multipart upload in progress as `key#uploadId`. */
    const stored = async () => {
      const names: string[] = [];
      for await (const page of storage.list()) {
        for (const item of page)
          names.push(item.uploadId ? `${item.key}#${item.uploadId}` : item.key);
      }
      return names;
    };
    /** PUTs a part to its URL: the server's own signed route, or S3 directly. */
    async function putPart(url: string, bytes: Buffer) {
      if (url.startsWith('http://arca.test/')) {
        const response = await t.client().request('PUT', url.slice('http://arca.test'.length), {
          payload: bytes,
          headers: { 'content-type': 'application/octet-stream' },
        });
        return response.status;
      }
      return (await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) })).status;
    }
    async function startMultipart(draftId: string, key: string) {
      const init = await alice.post(filesUrl(draftId), [
        { key, size: 5 * MiB + 10, transfer: { type: 'M', parts: 2, part_size: 5 * MiB } },
      ]);
      expect(init.status, init.body).toBe(201);
      const entry = init.json.entries.find((e: { key: string }) => e.key === key);
      expect(await putPart(entry.links.parts[0].url as string, someBytes(5 * MiB, 8))).toBe(200);
      return objectOf(entry.file_id as string);
    }
    /** What a crash leaves when it comes between the database's delete and the storage's. */
    async function deleteRowsOnly(objectId: string, withObject: boolean) {
      await t.db.delete(fileEntries).where(eq(fileEntries.objectId, objectId));
      if (!withObject) return;
      await t.db.delete(fileParts).where(eq(fileParts.objectId, objectId));
      await t.db.delete(fileObjects).where(eq(fileObjects.id, objectId));
    }

    it('drops bytes no row names once past the grace period, and keeps everything else', async () => {
      const draft = await draftWithFiles(alice);
      const keptBytes = someBytes(1000, 1);
      const kept = await objectOf(
        (await uploadFile(alice, draft.id, 'kept.csv', keptBytes)).file_id,
      );
      const rowLeft = await objectOf(
        (await uploadFile(alice, draft.id, 'a.csv', someBytes(10))).file_id,
      );
      const noRow = await objectOf(
        (await uploadFile(alice, draft.id, 'b.csv', someBytes(20))).file_id,
      );
      const upload = await startMultipart(draft.id, 'parts.bin');
      const resumable = await startMultipart(draft.id, 'resumable.bin');
      await deleteRowsOnly(rowLeft.id, false);
      await deleteRowsOnly(noRow.id, true);
      await deleteRowsOnly(upload.id, true);
      const uploadName =
        backend === 's3' ? `${upload.storageKey}#${upload.uploadId}` : upload.storageKey;
      // What a local write cut off by a crash leaves, and something that is not Arca's.
      const temporary = `${kept.storageKey.slice(0, 2)}/${kept.id}-0badc0de.tmp-0123456789ab`;
      if (backend === 'local') {
        const files = path.join(t.config.dataDir, 'files');
        writeFileSync(path.join(files, temporary), 'half');
        mkdirSync(path.join(files, 'notes'));
        writeFileSync(path.join(files, 'notes', 'README.txt'), 'not ours');
      } else {
        const client = new S3Client({
          region: 'us-east-1',
          endpoint: s3!.endpoint,
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        });
        await client.send(
          new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'notes/README.txt', Body: 'not ours' }),
        );
      }
      const before = await stored();
      expect(before).toEqual(
        expect.arrayContaining([kept.storageKey, rowLeft.storageKey, noRow.storageKey, uploadName]),
      );

      // Within the grace period nothing goes: the bytes may belong to an upload under way.
      expect(await t.services.files.sweep(new Date())).toEqual({
        orphanRows: 0,
        abandonedUploads: 0,
        orphanBytes: 0,
      });
      expect((await stored()).sort()).toEqual(before.sort());

      const counts = await t.services.files.sweep(new Date(Date.now() + 2 * HOUR));
      expect(counts).toEqual({
        orphanRows: 1,
        abandonedUploads: 0,
        orphanBytes: backend === 'local' ? 3 : 2,
      });
      const after = await stored();
      for (const gone of [rowLeft.storageKey, noRow.storageKey, uploadName, temporary]) {
        expect(after).not.toContain(gone);
      }
      expect(after).toEqual(expect.arrayContaining([kept.storageKey, 'notes/README.txt']));
      expect(await t.db.select().from(fileObjects).where(eq(fileObjects.id, rowLeft.id))).toEqual(
        [],
      );
      // What rows still name is untouched: the completed file reads back, the pending one resumes.
      const content = await alice.get(`${fileUrl(draft.id, 'kept.csv')}/content`);
      expect(md5(content.raw)).toBe(md5(keptBytes));
      const pending = await alice.get(fileUrl(draft.id, 'resumable.bin'));
      expect(pending.json).toMatchObject({ status: 'pending', transfer: { parts_done: [1] } });
      expect((await objectOf(resumable.id)).storageKey).toBe(resumable.storageKey);
    });

    it('abandons an upload idle past the configured age: the file fails, its bytes go', async () => {
      const draft = await draftWithFiles(alice);
      const idle = await startMultipart(draft.id, 'idle.bin');
      await alice.post(filesUrl(draft.id), [{ key: 'never-sent.txt', size: 5 }]);
      const done = await uploadFile(alice, draft.id, 'done.txt', someBytes(5));
      const week = 7 * 24 * HOUR;

      // Six days on, the uploads are still resumable.
      expect(
        (await t.services.files.sweep(new Date(Date.now() + week - 24 * HOUR))).abandonedUploads,
      ).toBe(0);
      expect((await alice.get(fileUrl(draft.id, 'idle.bin'))).json.status).toBe('pending');

      const later = new Date(Date.now() + week + HOUR);
      expect((await t.services.files.sweep(later)).abandonedUploads).toBeGreaterThanOrEqual(2);
      const file = await alice.get(fileUrl(draft.id, 'idle.bin'));
      expect(file.json.status).toBe('failed');
      expect(file.json.links.parts).toBeUndefined();
      expect((await alice.get(fileUrl(draft.id, 'never-sent.txt'))).json.status).toBe('failed');
      expect((await alice.get(fileUrl(draft.id, 'done.txt'))).json).toMatchObject({
        status: 'completed',
        checksum: done.checksum,
      });
      const names = await stored();
      expect(names.some((name) => name.startsWith(idle.storageKey))).toBe(false);
      const commit = await alice.post(`${fileUrl(draft.id, 'idle.bin')}/commit`);
      expect(commit.status).toBe(400);
      expect(commit.json.message).toBe(
        'The upload of idle.bin received no bytes for too long and was abandoned. Upload the file again.',
      );
      const content = await alice.request('PUT', `${fileUrl(draft.id, 'never-sent.txt')}/content`, {
        payload: someBytes(5),
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(content.status).toBe(400);
      expect(content.json.message).toMatch(/^The upload of never-sent.txt received no bytes/);
      // Abandoned once is enough: the next sweep leaves the failed file alone.
      expect((await t.services.files.sweep(later)).abandonedUploads).toBe(0);
      // A new upload under the same name takes the failed one's place.
      const again = await alice.post(filesUrl(draft.id), [{ key: 'idle.bin', size: 10 }]);
      expect(again.status, again.body).toBe(201);
      expect(again.json.entries.find((e: { key: string }) => e.key === 'idle.bin').status).toBe(
        'pending',
      );
    });

    it('runs as a persisted job that schedules its next run', async () => {
      await t.services.jobs.enqueue({
        kind: FILES_SWEEP_JOB,
        key: FILES_SWEEP_JOB,
        runAt: new Date(),
      });
      expect(await t.services.jobs.runDue()).toBeGreaterThanOrEqual(1);
      const [job] = await t.db.select().from(jobs).where(eq(jobs.key, FILES_SWEEP_JOB));
      expect(job).toMatchObject({ attempts: 0, lastError: null, lockedUntil: null });
      const hours = (job!.runAt.getTime() - Date.now()) / HOUR;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
    });
  });
}
