import { createHash } from 'node:crypto';
import { S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFilesApp } from './files.app.ts';
import { draftWithFiles, fileUrl, filesUrl, md5, someBytes } from './files.helpers.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { S3_BUCKET, startS3Server } from './s3-server.ts';

// Multipart uploads to S3 with a SHA-256 per part (S3 flexible checksums): the
// uploader asks for each part's URL with the part's SHA-256, which is signed into
// it; S3 refuses bytes that do not match, so a corrupted part never joins the file.

const MiB = 1024 * 1024;
const partSize = 5 * MiB;
const sha256 = (bytes: Buffer, encoding: 'hex' | 'base64' = 'hex') =>
  createHash('sha256').update(bytes).digest(encoding);

interface Entry {
  transfer: { part_checksum?: string; parts_done: number[] };
  links: { self: string; parts?: { url: string }[]; part_urls?: string; content?: string };
}
interface SignedPart {
  part: number;
  url: string;
  expiration: string;
  headers: Record<string, string>;
}

const pathOf = (link: string) => new URL(link).pathname;

async function initUpload(client: TestClient, id: string, key: string, size: number, sha = true) {
  const transfer = {
    type: 'M',
    parts: Math.ceil(size / partSize),
    part_size: partSize,
    ...(sha ? { part_checksum: 'sha256' } : {}),
  };
  const init = await client.post(filesUrl(id), [{ key, size, transfer }]);
  expect(init.status, init.body).toBe(201);
  return (init.json.entries as (Entry & { key: string })[]).find((e) => e.key === key)!;
}

async function signPart(client: TestClient, entry: Entry, part: number, bytes: Buffer) {
  const answer = await client.get(
    `${pathOf(entry.links.part_urls!)}/${part}?checksum=sha256:${sha256(bytes)}`,
  );
  expect(answer.status, answer.body).toBe(200);
  return answer.json as SignedPart;
}

const put = async (url: string, bytes: Buffer, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { method: 'PUT', body: bytes, headers });
  return { status: response.status, body: await response.text() };
};

describe('S3 multipart with a SHA-256 per part', () => {
  const { t, alice, s3 } = useFilesApp('s3');
  const slices = (bytes: Buffer) => [bytes.subarray(0, partSize), bytes.subarray(partSize)];

  it('refuses a corrupted part at S3 and leaves the upload uncompleted; the right bytes complete it, verified', async () => {
    const draft = await draftWithFiles(alice);
    const bytes = someBytes(partSize + 1000, 31);
    const [first, second] = slices(bytes) as [Buffer, Buffer];
    const entry = await initUpload(alice, draft.id, 'checked.bin', bytes.length);
    expect(entry.transfer).toMatchObject({ part_checksum: 'sha256', parts_done: [] });
    // No URL without the part's checksum: none inline, none a page at a time.
    expect(entry.links.parts).toBeUndefined();
    const paged = await alice.get(`${pathOf(entry.links.part_urls!)}?page=1`);
    expect(paged.status).toBe(400);
    expect(paged.json.errors).toEqual([
      { field: 'checksum', messages: ['Missing data for required field.'] },
    ]);
    const bare = await alice.get(`${pathOf(entry.links.part_urls!)}/1`);
    expect(bare.status).toBe(400);
    expect(bare.json.errors[0].field).toBe('checksum');
    const beyond = await alice.get(
      `${pathOf(entry.links.part_urls!)}/3?checksum=sha256:${sha256(first)}`,
    );
    expect(beyond.status).toBe(400);
    expect(beyond.json.message).toBe('Invalid part number: parts are numbered from 1 to 2.');

    const signed = await signPart(alice, entry, 1, first);
    expect(signed.headers).toEqual({ 'x-amz-checksum-sha256': sha256(first, 'base64') });
    expect(new URL(signed.url).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'host;x-amz-checksum-sha256',
    );
    // A bit flipped on the way: S3 refuses the part and keeps nothing.
    const corrupted = Buffer.from(first);
    corrupted[4321] = corrupted[4321]! ^ 0x10;
    const refused = await put(signed.url, corrupted, signed.headers);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('<Code>BadDigest</Code>');
    expect((await alice.get(fileUrl(draft.id, 'checked.bin'))).json.transfer.parts_done).toEqual(
      [],
    );
    // The checksum is part of the signature: another one, or none, is refused too.
    const otherSum = { 'x-amz-checksum-sha256': sha256(corrupted, 'base64') };
    expect((await put(signed.url, corrupted, otherSum)).body).toContain('SignatureDoesNotMatch');
    expect((await put(signed.url, first)).body).toContain('SignatureDoesNotMatch');

    expect((await put(signed.url, first, signed.headers)).status).toBe(200);
    const early = await alice.post(`${fileUrl(draft.id, 'checked.bin')}/commit`);
    expect(early.status).toBe(400);
    expect(early.json.message).toBe('Parts still missing: 2.');
    const last = await signPart(alice, entry, 2, second);
    expect((await put(last.url, second, last.headers)).status).toBe(200);
    const commit = await alice.post(`${fileUrl(draft.id, 'checked.bin')}/commit`, {
      checksum: `sha256:${sha256(bytes)}`,
    });
    expect(commit.status, commit.body).toBe(200);
    expect(commit.json).toMatchObject({
      status: 'completed',
      checksums: [`md5:${md5(bytes)}`, `sha256:${sha256(bytes)}`],
      verified: true,
    });
    const content = await alice.get(`${fileUrl(draft.id, 'checked.bin')}/content`);
    expect(sha256(content.raw)).toBe(sha256(bytes));
  });

  it('has S3 refuse a part sent without the checksum its upload was created with', async () => {
    const draft = await draftWithFiles(alice);
    const bytes = someBytes(partSize + 10, 32);
    await initUpload(alice, draft.id, 'unsummed.bin', bytes.length);
    const { url } = (
      await alice.get(
        `${fileUrl(draft.id, 'unsummed.bin')}/parts/1?checksum=sha256:${'0'.repeat(64)}`,
      )
    ).json as SignedPart;
    // A URL for the same part signed without the checksum, as an older client would use.
    const target = new URL(url);
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3!.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const plain = await getSignedUrl(
      client,
      new UploadPartCommand({
        Bucket: S3_BUCKET,
        Key: decodeURIComponent(target.pathname.split('/').slice(2).join('/')),
        UploadId: target.searchParams.get('uploadId')!,
        PartNumber: 1,
      }),
      { expiresIn: 60 },
    );
    const refused = await put(plain, bytes.subarray(0, partSize));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(
      'Checksum Type mismatch occurred, expected checksum Type: sha256, actual checksum Type: null',
    );
  });

  it('gives plain part URLs to an upload that did not ask for part checksums', async () => {
    const draft = await draftWithFiles(alice);
    const bytes = someBytes(partSize + 10, 33);
    const entry = await initUpload(alice, draft.id, 'plain.bin', bytes.length, false);
    expect(entry.transfer.part_checksum).toBeUndefined();
    expect(entry.links.parts).toHaveLength(2);
    // Asked with a checksum all the same, the link is the plain one: S3 would refuse a checksum.
    const one = (
      await alice.get(`${fileUrl(draft.id, 'plain.bin')}/parts/1?checksum=sha256:${sha256(bytes)}`)
    ).json as SignedPart;
    expect(one.headers).toEqual({});
    const [first, second] = slices(bytes) as [Buffer, Buffer];
    expect((await put(one.url, first)).status).toBe(200);
    expect((await put(entry.links.parts![1]!.url, second)).status).toBe(200);
    const commit = await alice.post(`${fileUrl(draft.id, 'plain.bin')}/commit`);
    expect(commit.json.checksum).toBe(`md5:${md5(bytes)}`);
  });

  it('signs a part for 10 callers at once, each URL good for the part', async () => {
    const draft = await draftWithFiles(alice);
    const bytes = someBytes(partSize + 10, 34);
    const entry = await initUpload(alice, draft.id, 'ten.bin', bytes.length);
    const [first, second] = slices(bytes) as [Buffer, Buffer];
    const signed = await Promise.all(
      Array.from({ length: 10 }, () => signPart(alice, entry, 1, first)),
    );
    expect(new Set(signed.map((link) => link.headers['x-amz-checksum-sha256']))).toEqual(
      new Set([sha256(first, 'base64')]),
    );
    // Sent twice (a retry): the part held is the last one, whole.
    for (const link of [signed[0]!, signed[9]!]) {
      expect((await put(link.url, first, link.headers)).status).toBe(200);
    }
    const last = await signPart(alice, entry, 2, second);
    await put(last.url, second, last.headers);
    const commit = await alice.post(`${fileUrl(draft.id, 'ten.bin')}/commit`, {
      checksum: `sha256:${sha256(bytes)}`,
    });
    expect(commit.json).toMatchObject({ status: 'completed', verified: true });
    expect(t.config.storage).toMatchObject({ kind: 's3', s3: { checksums: true } });
  });
});

describe('S3 multipart with part checksums switched off (ARCA_S3_CHECKSUMS=false)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  let alice: TestClient;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp({ env: { ...s3.env, ARCA_S3_CHECKSUMS: 'false' } });
    alice = t.client();
    await alice.login((await buildUser(t.services)).email);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('starts the upload without them, for stores that lack them, and gives plain part URLs', async () => {
    const draft = await draftWithFiles(alice);
    const bytes = someBytes(partSize + 10, 35);
    const entry = await initUpload(alice, draft.id, 'store.bin', bytes.length);
    expect(entry.transfer.part_checksum).toBeUndefined();
    expect(entry.links.parts).toHaveLength(2);
    expect((await put(entry.links.parts![0]!.url, bytes.subarray(0, partSize))).status).toBe(200);
    expect((await put(entry.links.parts![1]!.url, bytes.subarray(partSize))).status).toBe(200);
    const commit = await alice.post(`${fileUrl(draft.id, 'store.bin')}/commit`, {
      checksum: `sha256:${sha256(bytes)}`,
    });
    expect(commit.json).toMatchObject({ status: 'completed', verified: true });
  });
});

describe('part checksums on local storage', () => {
  const { alice } = useFilesApp('local');

  it('are not asked for: parts go through the server, checked by Content-MD5', async () => {
    const draft = await draftWithFiles(alice);
    const entry = await initUpload(alice, draft.id, 'local.bin', partSize + 10);
    expect(entry.transfer.part_checksum).toBeUndefined();
    expect(entry.links.parts).toHaveLength(2);
    const one = await alice.get(
      `${fileUrl(draft.id, 'local.bin')}/parts/2?checksum=sha256:${'a'.repeat(64)}`,
    );
    expect(one.status).toBe(200);
    expect(one.json.url).toContain('/content/2?expires=');
    expect(one.json.headers).toEqual({});
  });
});
