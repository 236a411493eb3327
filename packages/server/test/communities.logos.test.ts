import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communities } from '../src/db/schema.communities.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createCommunity, loggedIn } from './communities.helpers.ts';
import { startS3Server } from './s3-server.ts';

// The smallest valid PNG: a 1×1 transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const GIF = Buffer.from('GIF89a', 'latin1');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

/** Ten different images of three types: which one was stored shows in its bytes. */
const IMAGES = Array.from({ length: 10 }, (_, i) => {
  const [type, head] = (
    [
      ['image/png', PNG],
      ['image/gif', GIF],
      ['image/jpeg', JPEG],
    ] as const
  )[i % 3]!;
  return { type, bytes: Buffer.concat([head, Buffer.alloc(1000 + i * 97, i)]) };
});

function putLogo(client: TestClient, id: string, bytes: Buffer, type: string) {
  return client.request('PUT', `/api/communities/${id}/logo`, {
    payload: bytes,
    headers: { 'content-type': type },
  });
}

describe('logos on one app server', () => {
  let t: TestApp;
  let owner: TestClient;
  beforeAll(async () => {
    t = await startTestApp();
    owner = (await loggedIn(t, 'Olga Owner')).client;
  });
  afterAll(() => t.close());

  it('take ten concurrent uploads without a 5xx; the logo left is whole, its type its bytes', async () => {
    const c = await createCommunity(owner, 'busy-logo');
    const answers = await Promise.all(
      IMAGES.map((image) => putLogo(owner, c.id, image.bytes, image.type)),
    );
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    expect(answers.every((a) => a.status < 500)).toBe(true);

    const served = await t.client().get(`/api/communities/${c.id}/logo`);
    expect(served.status).toBe(200);
    const stored = IMAGES.find((image) => image.bytes.equals(served.raw));
    expect(stored, 'the served bytes are one of the uploads').toBeDefined();
    expect(served.headers['content-type']).toBe(stored!.type);
    // Replaced logos are gone from storage: only the current one is left.
    const dir = path.join(t.config.dataDir, 'files', 'communities', 'logos', c.id);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('refuse bytes that are not the image type the request names, and non-images, naming the field', async () => {
    const c = await createCommunity(owner, 'mismatched-logo');
    const mismatch = await putLogo(owner, c.id, IMAGES[1]!.bytes, 'image/png');
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.errors[0].field).toBe('content-type');
    const text = await putLogo(
      owner,
      c.id,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'image/svg+xml',
    );
    expect(text.status).toBe(400);
    expect(text.json.errors[0].field).toBe('logo');
    expect((await t.client().get(`/api/communities/${c.id}/logo`)).status).toBe(404);
    const alias = await putLogo(owner, c.id, IMAGES[2]!.bytes, 'image/jpg');
    expect(alias.status, alias.body).toBe(200);
    // Without a declared image type the bytes alone decide.
    const plain = await putLogo(owner, c.id, IMAGES[2]!.bytes, 'application/octet-stream');
    expect(plain.status, plain.body).toBe(200);
    const served = await t.client().get(`/api/communities/${c.id}/logo`);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('are swept from storage when no community names them, never the current one', async () => {
    const c = await createCommunity(owner, 'swept-logo');
    expect((await putLogo(owner, c.id, PNG, 'image/png')).status).toBe(200);
    // What a crash between writing a logo and naming it leaves behind.
    const dir = path.join(t.config.dataDir, 'files', 'communities', 'logos', c.id);
    writeFileSync(path.join(dir, randomUUID()), GIF);
    writeFileSync(path.join(dir, `${randomUUID()}.tmp-0123456789ab`), GIF);
    // Someone else's object in a shared bucket is never touched.
    writeFileSync(path.join(dir, 'not-ours'), GIF);
    expect(readdirSync(dir)).toHaveLength(4);
    await t.services.files.sweep(new Date());
    expect(readdirSync(dir)).toHaveLength(4);
    await t.services.files.sweep(new Date(Date.now() + 2 * 3600_000));
    expect(readdirSync(dir)).toHaveLength(2);
    expect(readdirSync(dir)).toContain('not-ours');
    const served = await t.client().get(`/api/communities/${c.id}/logo`);
    expect(served.raw.equals(PNG)).toBe(true);
  });

  it('move a logo stored on the disk before logos went to storage', async () => {
    const c = await createCommunity(owner, 'old-logo');
    const legacy = path.join(t.config.dataDir, 'communities', 'logos');
    mkdirSync(legacy, { recursive: true });
    writeFileSync(path.join(legacy, c.id), PNG);
    await t.db.update(communities).set({ logoType: 'image/png' }).where(eq(communities.id, c.id));
    const served = await t.client().get(`/api/communities/${c.id}/logo`);
    expect(served.status).toBe(200);
    expect(served.raw.equals(PNG)).toBe(true);
    const [row] = await t.db.select().from(communities).where(eq(communities.id, c.id));
    expect(row!.logoKey).not.toBeNull();
    expect((await t.client().get(`/api/communities/${c.id}/logo`)).raw.equals(PNG)).toBe(true);
  });
});

describe('logos with two app servers', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    first = await startTestApp({ env: s3.env });
    // Same database and storage, a data directory of its own: another machine.
    second = await startTestApp({ env: s3.env, sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await s3?.close();
  });

  it('serve on one a logo set on the other, and its replacement and removal', async () => {
    const owner = (await loggedIn(first, 'Olga Owner')).client;
    const c = await createCommunity(owner, 'shared-logo');
    const url = `/api/communities/${c.id}/logo`;
    expect((await putLogo(owner, c.id, IMAGES[0]!.bytes, IMAGES[0]!.type)).status).toBe(200);

    const elsewhere = await second.client().get(url);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers['content-type']).toBe('image/png');
    expect(elsewhere.raw.equals(IMAGES[0]!.bytes)).toBe(true);

    expect((await putLogo(owner, c.id, IMAGES[1]!.bytes, IMAGES[1]!.type)).status).toBe(200);
    const replaced = await second.client().get(url);
    expect(replaced.headers['content-type']).toBe('image/gif');
    expect(replaced.raw.equals(IMAGES[1]!.bytes)).toBe(true);

    expect((await owner.delete(url)).status).toBe(204);
    expect((await second.client().get(url)).status).toBe(404);
  });
});
