import { describe, expect, it } from 'vitest';
import { ListPartsCommand, NoSuchUpload, S3Client } from '@aws-sdk/client-s3';
import { createPartSigner } from '../src/services/files/part-signatures.ts';
import { buildUser, startTestApp, type TestClient } from './harness.ts';
import type { FilesApp } from './files.app.ts';
import { draftWithFiles, fileUrl, filesUrl, md5, someBytes, uploadFile } from './files.helpers.ts';
import { S3_BUCKET } from './s3-server.ts';

const MiB = 1024 * 1024;
const md5Base64 = (bytes: Buffer) => Buffer.from(md5(bytes), 'hex').toString('base64');

/** Multipart uploads, and the installation-wide settings checked on the local backend. */
export function describeFileMultipart(app: FilesApp) {
  const { backend, t, alice, s3, putPart } = app;

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
        { key: 'small.bin', size: 2 * MiB, transfer: { type: 'M', parts: 2, part_size: MiB } },
      ]);
      // S3 needs 5 MiB parts; local storage takes any size (invenio-compat.files.test.ts).
      if (backend === 's3') expect(tooSmall.json.errors[0].field).toBe('0.transfer.part_size');
      else expect(tooSmall.status, tooSmall.body).toBe(201);
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
