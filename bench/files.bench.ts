// Uploads, in one run: (a) the baseline, MD5-hashing and writing a file to the
// same disk with plain streams; (b) a local-transfer upload of it through the
// API (init, PUT content, commit); (c) a multipart upload with 3 concurrent
// parts; and the server's peak memory (RSS) during uploads of 1 GiB and 4 GiB.
//   node bench/files.bench.ts                      (PGlite, local storage)
//   BENCH_SMALL_GIB=1 BENCH_LARGE_GIB=4 BENCH_ROUNDS=3 node bench/files.bench.ts
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { spawnArca, withPeakRss } from './lib/server-process.ts';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const smallSize = Number(process.env.BENCH_SMALL_GIB ?? 1) * GiB;
const largeSize = Number(process.env.BENCH_LARGE_GIB ?? 4) * GiB;
const partSize = 64 * MiB;
const concurrency = 3;
// The disk is shared with whatever else runs: each case runs this many times, interleaved, and the best run counts.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const work = mkdtempSync(path.join(tmpdir(), 'arca-files-bench-'));

/** A file of random-looking bytes, written in 16 MiB blocks (never held whole). */
async function makeSource(size: number, name: string): Promise<string> {
  const file = path.join(work, name);
  const block = randomBytes(16 * MiB);
  const handle = await open(file, 'w');
  for (let written = 0; written < size; written += block.length) {
    block.writeUInt32LE(written / block.length, 0);
    await handle.write(block, 0, Math.min(block.length, size - written));
  }
  await handle.close();
  return file;
}

/** (a) What the disk and MD5 allow: read, hash, write, flush. */
async function baseline(source: string): Promise<number> {
  const target = path.join(work, 'baseline.copy');
  const started = performance.now();
  const md5 = createHash('md5');
  await pipeline(
    createReadStream(source, { highWaterMark: MiB }),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        done(null, chunk);
      },
    }),
    createWriteStream(target, { highWaterMark: MiB }),
  );
  const handle = await open(target, 'r+');
  await handle.sync();
  await handle.close();
  md5.digest('hex');
  const seconds = (performance.now() - started) / 1000;
  rmSync(target);
  return seconds;
}

class Api {
  cookies = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': this.cookies.get('csrftoken') ?? '',
      ...extra,
    };
  }

  async json(method: string, url: string, body?: unknown) {
    const response = await fetch(url.startsWith('http') ? url : `${this.base}${url}`, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      this.cookies.set(name, value);
    }
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  /** Streams a byte range of a file as a request body (node:http: no buffering). */
  put(url: string, file: string, start: number, end: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const req = request(url.startsWith('http') ? url : `${this.base}${url}`, {
        method: 'PUT',
        headers: this.headers({
          'content-type': 'application/octet-stream',
          'content-length': String(end - start),
        }),
      });
      req.on('response', (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`PUT ${url}: ${response.statusCode}`)),
        );
      });
      req.on('error', reject);
      createReadStream(file, { start, end: end - 1, highWaterMark: MiB }).pipe(req);
    });
  }
}

async function newDraft(api: Api): Promise<string> {
  const draft = await api.json('POST', '/api/records', {
    metadata: { title: 'Benchmark upload' },
    files: { enabled: true },
  });
  return draft.id as string;
}

/** (b) init → PUT content → commit. */
async function localTransfer(api: Api, file: string, size: number): Promise<number> {
  const id = await newDraft(api);
  const files = `/api/records/${id}/draft/files`;
  const started = performance.now();
  await api.json('POST', files, [{ key: 'data.bin', size }]);
  await api.put(`${files}/data.bin/content`, file, 0, size);
  await api.json('POST', `${files}/data.bin/commit`);
  return (performance.now() - started) / 1000;
}

/** (c) init → parts, 3 at a time, to their signed URLs → commit. */
async function multipart(api: Api, file: string, size: number): Promise<number> {
  const id = await newDraft(api);
  const files = `/api/records/${id}/draft/files`;
  const parts = Math.ceil(size / partSize);
  const started = performance.now();
  const list = await api.json('POST', files, [
    { key: 'data.bin', size, transfer: { type: 'M', parts, part_size: partSize } },
  ]);
  const entry = (list.entries as { links: { parts: { part: number; url: string }[] } }[])[0]!;
  const queue = [...entry.links.parts];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const start = (next.part - 1) * partSize;
        await api.put(next.url, file, start, Math.min(start + partSize, size));
      }
    }),
  );
  await api.json('POST', `${files}/data.bin/commit`);
  return (performance.now() - started) / 1000;
}

type Peak = Awaited<ReturnType<typeof withPeakRss<number>>>;
/** The fastest run, with the highest memory growth seen in any run. */
const best = (list: Peak[]): Peak => {
  const fastest = list.reduce((x, y) => (y.result < x.result ? y : x));
  const growth = Math.max(...list.map((run) => run.peak - run.before));
  return { ...fastest, peak: fastest.before + growth };
};
const fmt = (seconds: number, size: number) =>
  `${seconds.toFixed(2)} s, ${(size / MiB / seconds).toFixed(0)} MiB/s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

const server = await spawnArca(40_000 + Math.floor(Math.random() * 10_000), {
  ARCA_DATA_DIR: path.join(work, 'data'),
  ARCA_FILES_MAX_BYTES: String(100 * GiB),
});
try {
  const api = new Api(server.url);
  await api.json('POST', '/api/auth/login', { email: 'alice@demo.arca', password: 'arca-demo' });
  const small = await makeSource(smallSize, 'small.bin');
  const runs = { a: [] as number[], b: [] as Peak[], c: [] as Peak[] };
  for (let round = 0; round < rounds; round++) {
    runs.a.push(await baseline(small));
    runs.b.push(
      await withPeakRss(
        () => server.rss(),
        () => localTransfer(api, small, smallSize),
      ),
    );
    runs.c.push(
      await withPeakRss(
        () => server.rss(),
        () => multipart(api, small, smallSize),
      ),
    );
  }
  rmSync(small);
  const a = Math.min(...runs.a);
  const b = best(runs.b);
  const c = best(runs.c);
  const large = await makeSource(largeSize, 'large.bin');
  const bigL = await withPeakRss(
    () => server.rss(),
    () => localTransfer(api, large, largeSize),
  );
  const bigM = await withPeakRss(
    () => server.rss(),
    () => multipart(api, large, largeSize),
  );
  const size = statSync(large).size;
  rmSync(large);

  const rows = [
    `| case | time | (b)/(a) or (c)/(b) | server RSS before → peak (growth) |`,
    `| --- | --- | --- | --- |`,
    `| (a) baseline, ${smallSize / GiB} GiB: MD5 + write + fsync, plain streams | ${fmt(a, smallSize)} | | |`,
    `| (b) local transfer (L), ${smallSize / GiB} GiB | ${fmt(b.result, smallSize)} | ${(a / b.result).toFixed(2)} | ${mb(b.before)} → ${mb(b.peak)} (+${mb(b.peak - b.before)}) |`,
    `| (c) multipart (M), ${concurrency} concurrent ${partSize / MiB} MiB parts, ${smallSize / GiB} GiB | ${fmt(c.result, smallSize)} | ${(b.result / c.result).toFixed(2)} | ${mb(c.before)} → ${mb(c.peak)} (+${mb(c.peak - c.before)}) |`,
    `| local transfer (L), ${size / GiB} GiB | ${fmt(bigL.result, size)} | | ${mb(bigL.before)} → ${mb(bigL.peak)} (+${mb(bigL.peak - bigL.before)}) |`,
    `| multipart (M), ${size / GiB} GiB | ${fmt(bigM.result, size)} | | ${mb(bigM.before)} → ${mb(bigM.peak)} (+${mb(bigM.peak - bigM.before)}) |`,
  ];
  process.stdout.write(
    `Files benchmark — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, PGlite, local storage, best of ${rounds} rounds\n\n${rows.join('\n')}\n`,
  );
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
