import { createHash } from 'node:crypto';
import type { RecordJson } from '@arca/schema';
import type { UppyFile } from '@uppy/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fakeXhr } from '../../test/fake-xhr.ts';
import { mockFetch, reply, type RecordedRequest } from '../../test/fetch-mock.ts';
import type { DraftFile } from './files-api.ts';
import { createUploader, RETRY_DELAYS, UPLOAD_CONCURRENCY } from './uploader.ts';

const self = 'http://localhost:3000/api/records/a1b2c-3d4e5/draft';
const draft = { id: 'a1b2c-3d4e5', links: { self } } as unknown as RecordJson;
const MiB = 1024 * 1024;
const size = 6 * MiB;
/** The second part of the file the tests add: its last MiB, zeros. */
const secondPart = new Uint8Array(MiB);
const digestOf = (algorithm: string, encoding: 'hex' | 'base64') =>
  createHash(algorithm).update(secondPart).digest(encoding);

function entry(expiration: string, partsDone: number[] = []) {
  return {
    key: 'big.bin',
    size,
    status: 'pending',
    checksum: null,
    transfer: { type: 'M', parts: 2, part_size: 5 * MiB, parts_done: partsDone },
    links: {
      self: `${self}/files/big.bin`,
      commit: `${self}/files/big.bin/commit`,
      parts: [1, 2].map((part) => ({
        part,
        url: `${self}/files/big.bin/content/${part}?expires=${expiration}`,
        expiration,
      })),
    },
  };
}

interface PluginOpts {
  limit: number;
  retryDelays: number[];
  createMultipartUpload: (file: unknown) => Promise<{ uploadId: string; key: string }>;
  signPart: (
    file: unknown,
    opts: { uploadId: string; key: string; partNumber: number; body: Blob },
  ) => Promise<{ url: string; headers: Record<string, string> }>;
  listParts: (file: unknown, opts: { uploadId: string; key: string }) => Promise<unknown[]>;
}

async function setUp() {
  const uploader = await createUploader({ draft: () => draft, language: 'en' });
  const { uppy } = uploader;
  const opts = (uppy.getPlugin('AwsS3Multipart') as unknown as { opts: PluginOpts }).opts;
  const id = uppy.addFile({ name: 'big.bin', data: new File([new Uint8Array(size)], 'big.bin') });
  const file = uppy.getFile(id) as UppyFile<never, never>;
  return { opts, file, uploader };
}

// Uppy looks at the connection 3 s after it is made: the page must still be there then.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 3100)));

describe('the uploader', () => {
  it('uploads three files at a time and retries parts after 0, 1, 3 and 5 seconds', async () => {
    const { opts } = await setUp();
    expect(opts.limit).toBe(UPLOAD_CONCURRENCY);
    expect(UPLOAD_CONCURRENCY).toBe(3);
    expect(opts.retryDelays).toEqual(RETRY_DELAYS);
    expect(RETRY_DELAYS).toEqual([0, 1000, 3000, 5000]);
  });

  it('announces a multipart upload, signs a part with its Content-MD5, and refetches expired URLs', async () => {
    const past = '2000-01-01T00:00:00Z';
    const future = '2999-01-01T00:00:00Z';
    const requests = mockFetch({
      'POST /api/records/a1b2c-3d4e5/draft/files': reply(201, { entries: [entry(past)] }),
      'GET /api/records/a1b2c-3d4e5/draft/files/big.bin': reply(200, entry(future)),
    });
    const { opts, file } = await setUp();
    const started = await opts.createMultipartUpload(file);
    expect(requests[0]?.body).toEqual([
      {
        key: 'big.bin',
        size,
        transfer: { type: 'M', parts: 2, part_size: 5 * MiB, part_checksum: 'sha256' },
      },
    ]);
    const signed = await opts.signPart(file, {
      ...started,
      partNumber: 2,
      body: new Blob([secondPart]),
    });
    // The URL had expired: the file was read again and the fresh URL used.
    expect(requests[1]?.path).toBe('/api/records/a1b2c-3d4e5/draft/files/big.bin');
    expect(signed.url).toContain(`expires=${future}`);
    expect(signed.headers['Content-MD5']).toBe(digestOf('md5', 'base64'));
  });

  it('signs each part of an upload S3 checks with the SHA-256 of the part, sent with it', async () => {
    const future = '2999-01-01T00:00:00Z';
    const { parts: _listed, ...links } = entry(future).links;
    const checked = {
      ...entry(future),
      transfer: { ...entry(future).transfer, part_checksum: 'sha256' },
      links: { ...links, part_urls: `${links.self}/parts` },
    };
    const sha256 = digestOf('sha256', 'hex');
    const requests = mockFetch({
      'POST /api/records/a1b2c-3d4e5/draft/files': reply(201, { entries: [checked] }),
      [`GET /api/records/a1b2c-3d4e5/draft/files/big.bin/parts/2?checksum=sha256:${sha256}`]: reply(
        200,
        {
          part: 2,
          url: 'https://s3.example/bucket/key?partNumber=2&X-Amz-Signature=abc',
          expiration: future,
          headers: { 'x-amz-checksum-sha256': digestOf('sha256', 'base64') },
        },
      ),
    });
    const { opts, file } = await setUp();
    const started = await opts.createMultipartUpload(file);
    const signed = await opts.signPart(file, {
      ...started,
      partNumber: 2,
      body: new Blob([secondPart]),
    });
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/records/a1b2c-3d4e5/draft/files',
      `GET /api/records/a1b2c-3d4e5/draft/files/big.bin/parts/2?checksum=sha256:${sha256}`,
    ]);
    expect(signed.url).toBe('https://s3.example/bucket/key?partNumber=2&X-Amz-Signature=abc');
    expect(signed.headers).toEqual({
      'Content-Type': 'application/octet-stream',
      'Content-MD5': digestOf('md5', 'base64'),
      'x-amz-checksum-sha256': digestOf('sha256', 'base64'),
    });
  });

  it('reads the part links of a file with many parts a page at a time, each page once', async () => {
    const future = '2999-01-01T00:00:00Z';
    const { parts: _inline, ...links } = entry(future).links;
    const paged = { ...entry(future), links: { ...links, part_urls: `${links.self}/parts` } };
    const page = (n: number) =>
      reply(200, {
        hits: {
          hits: Array.from({ length: 1000 }, (_, i) => ({
            part: (n - 1) * 1000 + i + 1,
            url: `${self}/files/big.bin/content/${(n - 1) * 1000 + i + 1}?signed`,
            expiration: future,
          })),
          total: 2500,
        },
      });
    const requests = mockFetch({
      'POST /api/records/a1b2c-3d4e5/draft/files': reply(201, { entries: [paged] }),
      'GET /api/records/a1b2c-3d4e5/draft/files/big.bin/parts?page=2&size=1000': page(2),
    });
    const { opts, file } = await setUp();
    const started = await opts.createMultipartUpload(file);
    const body = new Blob(['hello']);
    const [first, second] = await Promise.all([
      opts.signPart(file, { ...started, partNumber: 1500, body }),
      opts.signPart(file, { ...started, partNumber: 1999, body }),
    ]);
    expect(first.url).toBe(`${self}/files/big.bin/content/1500?signed`);
    expect(second.url).toBe(`${self}/files/big.bin/content/1999?signed`);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/records/a1b2c-3d4e5/draft/files',
      'GET /api/records/a1b2c-3d4e5/draft/files/big.bin/parts?page=2&size=1000',
    ]);
  });

  it('resumes from the parts the server already holds', async () => {
    const future = '2999-01-01T00:00:00Z';
    mockFetch({
      'POST /api/records/a1b2c-3d4e5/draft/files': reply(201, { entries: [entry(future)] }),
      'GET /api/records/a1b2c-3d4e5/draft/files/big.bin': reply(200, entry(future, [1])),
    });
    const { opts, file } = await setUp();
    const started = await opts.createMultipartUpload(file);
    expect(await opts.listParts(file, started)).toEqual([
      { PartNumber: 1, Size: 5 * MiB, ETag: '"part-1"' },
    ]);
  });

  it('speaks the UI language, en_US where Uppy has no pack, and follows a switch', async () => {
    const { default: german } = await import('@uppy/locales/lib/de_DE.js');
    const { default: japanese } = await import('@uppy/locales/lib/ja_JP.js');
    const failedToUpload = (strings: Record<string, unknown>) =>
      String(strings.failedToUpload).replace('%{file}', 'a.csv');
    const { uppy, setLanguage } = await createUploader({ draft: () => draft, language: 'de' });
    expect(uppy.i18n('failedToUpload', { file: 'a.csv' })).toBe(failedToUpload(german.strings));
    await setLanguage('ja');
    expect(uppy.i18n('failedToUpload', { file: 'a.csv' })).toBe(failedToUpload(japanese.strings));
    // Uppy has no Estonian pack.
    await setLanguage('et');
    expect(uppy.i18n('failedToUpload', { file: 'a.csv' })).toBe('Failed to upload a.csv');
  });

  it('continues an unfinished upload it is given, asking the server only which parts it holds', async () => {
    const future = '2999-01-01T00:00:00Z';
    const requests = mockFetch({
      'GET /api/records/a1b2c-3d4e5/draft/files/big.bin': reply(200, entry(future, [1])),
    });
    const { opts, file, uploader } = await setUp();
    uploader.resume(file.id, entry(future, [1]) as DraftFile);
    const state = uploader.uppy.getFile(file.id) as unknown as {
      s3Multipart: { uploadId: string; key: string };
    };
    expect(state.s3Multipart).toEqual({ uploadId: `${self}/files/big.bin`, key: 'big.bin' });
    expect(await opts.listParts(file, state.s3Multipart)).toEqual([
      { PartNumber: 1, Size: 5 * MiB, ETag: '"part-1"' },
    ]);
    expect(requests.map((request) => request.method)).toEqual(['GET']);
  });

  it('deletes an upload the server announced after it was cancelled', async () => {
    const future = '2999-01-01T00:00:00Z';
    const requests = mockFetch({
      'POST /api/records/a1b2c-3d4e5/draft/files': reply(201, { entries: [entry(future)] }),
      'DELETE /api/records/a1b2c-3d4e5/draft/files/big.bin': reply(204),
    });
    const { opts, file, uploader } = await setUp();
    const announcing = opts.createMultipartUpload(file);
    uploader.uppy.removeFile(file.id);
    await expect(announcing).rejects.toThrow('Upload cancelled');
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/records/a1b2c-3d4e5/draft/files',
      'DELETE /api/records/a1b2c-3d4e5/draft/files/big.bin',
    ]);
  });

  describe('announcing many files', () => {
    const smallEntry = (key: string) => ({
      key,
      size: 1,
      status: 'pending',
      checksum: null,
      transfer: { type: 'L' },
      links: {
        self: `${self}/files/${key}`,
        content: `${self}/files/${key}/content`,
        commit: `${self}/files/${key}/commit`,
      },
    });
    const names = (count: number) => Array.from({ length: count }, (_, i) => `f${i}.txt`);

    /** The server of the contract: an init answers the files it created, only those. */
    function server(keys: string[], refuse?: (request: RecordedRequest) => boolean) {
      const routes: Parameters<typeof mockFetch>[0] = {
        'POST /api/records/a1b2c-3d4e5/draft/files': (request) => {
          if (refuse?.(request)) return reply(400, { status: 400, message: 'Refused.' });
          const specs = request.body as { key: string }[];
          return reply(201, { entries: specs.map((spec) => smallEntry(spec.key)) });
        },
      };
      for (const key of keys) {
        routes[`POST /api/records/a1b2c-3d4e5/draft/files/${key}/commit`] = reply(200, {
          ...smallEntry(key),
          status: 'completed',
        });
      }
      return mockFetch(routes);
    }
    /** Answers the DELETE of `key`'s upload; resolves once it is sent. */
    function mockDelete(requests: RecordedRequest[], key: string): Promise<void> {
      const fetch = globalThis.fetch;
      return new Promise((resolve) => {
        vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
          if (init.method === 'DELETE' && input.endsWith(`/files/${key}`)) {
            requests.push({
              method: 'DELETE',
              path: input,
              headers: new Headers(),
              body: undefined,
            });
            resolve();
            return Promise.resolve(new Response(null, { status: 204 }));
          }
          return fetch(input, init);
        });
      });
    }
    const inits = (requests: RecordedRequest[]) =>
      requests.filter((request) => request.method === 'POST' && request.path.endsWith('/files'));

    async function uploadAll(keys: string[]) {
      const { uppy, committed } = await createUploader({ draft: () => draft, language: 'en' });
      uppy.addFiles(keys.map((key) => ({ name: key, data: new File(['x'], key) })));
      const result = await uppy.upload();
      const commits = uppy.getFiles().map((file) => committed(file.id) ?? Promise.resolve());
      await Promise.allSettled(commits);
      return { uppy, result };
    }

    it('announces 250 files in three init calls of at most 100 keys', async () => {
      const keys = names(250);
      const requests = server(keys);
      const puts = fakeXhr();
      const { result } = await uploadAll(keys);
      expect(inits(requests).map((request) => (request.body as unknown[]).length)).toEqual([
        100, 100, 50,
      ]);
      expect(inits(requests)[0]?.body).toContainEqual({
        key: 'f0.txt',
        size: 1,
        transfer: { type: 'L' },
      });
      expect(result?.successful).toHaveLength(250);
      expect(puts).toHaveLength(250);
    });

    it('deletes the upload of a file removed while its batch was announced', async () => {
      const keys = names(2);
      const requests = server(keys);
      requests.length = 0;
      const puts = fakeXhr();
      const deleted = mockDelete(requests, 'f0.txt');
      const { uppy } = await createUploader({ draft: () => draft, language: 'en' });
      uppy.addFiles(keys.map((key) => ({ name: key, data: new File(['x'], key) })));
      const uploading = uppy.upload();
      // The batch is on its way: the first file goes before the server answers.
      uppy.removeFile(uppy.getFiles().find((file) => file.name === 'f0.txt')!.id);
      await uploading;
      await deleted;
      expect(inits(requests).map((request) => (request.body as unknown[]).length)).toEqual([2]);
      expect(puts).toEqual([`${self}/files/f1.txt/content`]);
    });

    it('announces the files of a refused batch one by one, so each shows its own refusal', async () => {
      const keys = names(3);
      // The server refuses any call that names f1.txt.
      const requests = server(keys, (request) =>
        (request.body as { key: string }[]).some((spec) => spec.key === 'f1.txt'),
      );
      fakeXhr();
      const { uppy, result } = await uploadAll(keys);
      expect(inits(requests).map((request) => (request.body as unknown[]).length)).toEqual([
        3, 1, 1, 1,
      ]);
      expect(result?.successful?.map((file) => file.name).sort()).toEqual(['f0.txt', 'f2.txt']);
      const failed = uppy.getFiles().filter((file) => file.error);
      expect(failed.map((file) => [file.name, file.error])).toEqual([['f1.txt', 'Refused.']]);
    });
  });
});
