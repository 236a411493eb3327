import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftWithFiles, uploadFile } from './files.helpers.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';

// A stand-in for the built web app, with the copies the build writes beside each file.
const webDist = mkdtempSync(path.join(tmpdir(), 'arca-web-'));
const script = Buffer.from(
  Array.from({ length: 2000 }, (_, i) => `export const value${i} = ${i};`).join('\n'),
);
const shell = Buffer.from(
  `<!doctype html><html><head><title>Arca</title>${'<meta name="x" content="y" />'.repeat(60)}</head><body><div id="root"></div></body></html>`,
);
const ASSET = '/assets/index-C0ffee12.js';
function withCopies(file: string, bytes: Buffer) {
  writeFileSync(file, bytes);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes));
  writeFileSync(`${file}.gz`, gzipSync(bytes));
}
mkdirSync(path.join(webDist, 'assets'));
withCopies(path.join(webDist, 'index.html'), shell);
withCopies(path.join(webDist, ASSET), script);

/** A CSV big enough to be compressed, were it an answer and not someone's file. */
const csv = Buffer.from(
  ['time,station,value', ...Array.from({ length: 3000 }, (_, i) => `${i},A,${i % 7}`)].join('\n'),
);

let t: TestApp;
let owner: TestClient;
let draftId: string;
beforeAll(async () => {
  t = await startTestApp({ env: { ARCA_WEB_DIST: webDist } });
  const user = await buildUser(t.services, { fullName: 'Olivia Owner' });
  owner = t.client();
  await owner.login(user.email);
  const draft = await draftWithFiles(owner, {
    metadata: { title: 'Compressed answers', description: `<p>${'Readings. '.repeat(400)}</p>` },
  });
  draftId = draft.id;
  await uploadFile(owner, draftId, 'readings.csv', csv);
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
  owner.get(url, { headers: { 'accept-encoding': acceptEncoding, ...headers } });

function decoded(response: { headers: Record<string, unknown>; raw: Buffer }): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.raw);
  if (encoding === 'gzip') return gunzipSync(response.raw);
  return response.raw;
}

describe('web app files', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])(
    'sends a hashed asset for Accept-Encoding "%s" as %s, cached for good',
    async (accept, sent) => {
      const response = await get(ASSET, accept);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(sent);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Never revalidated, so no validators to send.
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['last-modified']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(response.raw.length);
      expect(decoded(response).equals(script)).toBe(true);
    },
  );

  it.each(['/uploads/new', '/index.html'])(
    'sends %s compressed and never cached unchecked',
    async (url) => {
      const response = await get(url, 'br, gzip');
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decoded(response).toString()).toBe(shell.toString());
    },
  );
});

describe('JSON answers', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['identity', undefined],
  ])('compress a large answer for Accept-Encoding "%s" as %s', async (accept, sent) => {
    const plain = await owner.get(`/api/records/${draftId}/draft`);
    expect(plain.raw.length).toBeGreaterThan(4096);
    const response = await get(`/api/records/${draftId}/draft`, accept);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(sent);
    if (sent) {
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.raw.length).toBeLessThan(plain.raw.length / 4);
    }
    expect(JSON.parse(decoded(response).toString())).toEqual(plain.json);
  });

  it('leave a small answer as it is', async () => {
    const response = await get(`/api/records/${draftId}/draft/files/readings.csv`, 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.raw.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json.key).toBe('readings.csv');
  });
});

describe('downloads', () => {
  const content = () => `/api/records/${draftId}/draft/files/readings.csv/content`;

  it('send a file byte for byte, whatever the client accepts', async () => {
    const response = await get(content(), 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(csv.length);
    expect(response.raw.equals(csv)).toBe(true);
  });

  it('send a range byte for byte', async () => {
    const response = await get(content(), 'br, gzip', { range: 'bytes=100-4999' });
    expect(response.status).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-range']).toBe(`bytes 100-4999/${csv.length}`);
    expect(response.raw.equals(csv.subarray(100, 5000))).toBe(true);
  });

  it('send the archive as built, uncompressed by the transport', async () => {
    const response = await get(`/api/records/${draftId}/draft/files-archive`, 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-encoding']).toBeUndefined();
    // Stored without compression: the file's bytes stand in the zip as they are.
    expect(response.raw.subarray(0, 2).toString()).toBe('PK');
    expect(response.raw.includes(csv)).toBe(true);
  });
});
