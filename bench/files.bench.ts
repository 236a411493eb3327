// Uploads, in one run: (a) the baseline, MD5-hashing and writing a file to the
// same disk with plain streams; (b) a local-transfer upload of it through the
// API (init, PUT content, commit); (c) a multipart upload with 3 concurrent
// parts; and the server's peak memory (RSS) during uploads of 1 GiB and 4 GiB.
//   node bench/files.bench.ts                      (PGlite, local storage)
//   BENCH_SMALL_GIB=1 BENCH_LARGE_GIB=4 BENCH_ROUNDS=5 node bench/files.bench.ts
// BENCH_LARGE_GIB=0 skips the large uploads; BENCH_CASES=a,b (any of a, a2, b, c) runs
// only those cases (a2 is (a′), the baseline flushing as it writes); BENCH_NODE_ARGS gives the server's Node options, e.g.
// BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" for a CPU profile.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { open, rename } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { spawnArca, withPeakRss } from './lib/server-process.ts';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const smallSize = Math.round(Number(process.env.BENCH_SMALL_GIB ?? 1) * GiB);
const largeSize = Math.round(Number(process.env.BENCH_LARGE_GIB ?? 4) * GiB);
const partSize = 64 * MiB;
const concurrency = 3;
// The machine is shared: the cases run this many times, interleaved, and medians count.
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const cases = new Set((process.env.BENCH_CASES ?? 'a,a2,b,c').split(',').map((c) => c.trim()));
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

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

/**
 * (a) What the disk and MD5 allow, doing what the server does for an upload: read,
 * hash, write to a temporary file, flush it to the disk (fsync), rename it. With
 * `flushEvery`, (a′): it also starts a flush (fdatasync) every so many bytes while
 * it writes, as the server does, so that the final flush is short.
 */
async function baseline(source: string, flushEvery = 0): Promise<void> {
  const temporary = path.join(work, 'data', 'baseline.tmp');
  const md5 = createHash('md5');
  // Created here; the stream writes through its own descriptor, flushes go through this one.
  const handle = await open(temporary, 'w');
  let bytes = 0;
  let flushedAt = 0;
  // The flush under way, if any (an object: it changes inside the stream's callbacks).
  const flush: { running: Promise<void> | null } = { running: null };
  await pipeline(
    createReadStream(source, { highWaterMark: MiB }),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        bytes += chunk.length;
        if (flushEvery && !flush.running && bytes - flushedAt >= flushEvery) {
          flushedAt = bytes;
          flush.running = handle.datasync().finally(() => (flush.running = null));
        }
        done(null, chunk);
      },
    }),
    createWriteStream(temporary, { flags: 'r+', highWaterMark: MiB }),
  );
  await flush.running;
  await handle.sync();
  await handle.close();
  await rename(temporary, path.join(work, 'data', 'baseline.copy'));
  md5.digest('hex');
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

/** (b) init → PUT content → commit. Returns the draft, to discard once measured. */
async function localTransfer(api: Api, id: string, file: string, size: number): Promise<void> {
  const files = `/api/records/${id}/draft/files`;
  await api.json('POST', files, [{ key: 'data.bin', size }]);
  await api.put(`${files}/data.bin/content`, file, 0, size);
  await commit(api, files);
}

/** The commit, timed on its own (what it waits for: the final flush, the MD5). */
let commitSeconds = 0;
async function commit(api: Api, files: string): Promise<void> {
  const started = performance.now();
  await api.json('POST', `${files}/data.bin/commit`);
  commitSeconds = (performance.now() - started) / 1000;
}

/** (c) init → parts, 3 at a time, to their signed URLs → commit. */
async function multipart(api: Api, id: string, file: string, size: number): Promise<void> {
  const files = `/api/records/${id}/draft/files`;
  const parts = Math.ceil(size / partSize);
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
  await commit(api, files);
}

interface Run {
  seconds: number;
  /** CPU time of the server and of this process (the client, or the baseline itself). */
  serverCpuMs: number;
  clientCpuMs: number;
  rssBefore: number;
  rssPeak: number;
  /** The 1-minute load average when the run started. */
  load: number;
}

const loadAverage = () => os.loadavg()[0]!;
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)} – ${Math.max(...values).toFixed(digits)}`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const mibPerSecond = (size: number, seconds: number) => size / MiB / seconds;

const server = await spawnArca(
  40_000 + Math.floor(Math.random() * 10_000),
  { ARCA_DATA_DIR: path.join(work, 'data'), ARCA_FILES_MAX_BYTES: String(100 * GiB) },
  { nodeArgs },
);
try {
  const api = new Api(server.url);
  await api.json('POST', '/api/auth/login', { email: 'alice@demo.arca', password: 'arca-demo' });

  /** Runs one case, measuring time, CPU and the server's memory; cleans up afterwards. */
  async function measure(name: string, file: string, size: number): Promise<Run> {
    const baselineCase = name === 'a' || name === 'a2';
    const id = baselineCase ? '' : await newDraft(api);
    const load = loadAverage();
    const serverCpu = server.cpuMs();
    const clientCpu = process.cpuUsage();
    const started = performance.now();
    const { before, peak } = await withPeakRss(
      () => server.rss(),
      () =>
        baselineCase
          ? baseline(file, name === 'a2' ? 64 * MiB : 0)
          : name === 'b'
            ? localTransfer(api, id, file, size)
            : multipart(api, id, file, size),
    );
    const seconds = (performance.now() - started) / 1000;
    const client = process.cpuUsage(clientCpu);
    const run = {
      seconds,
      serverCpuMs: server.cpuMs() - serverCpu,
      clientCpuMs: (client.user + client.system) / 1000,
      rssBefore: before,
      rssPeak: peak,
      load,
    };
    if (baselineCase) rmSync(path.join(work, 'data', 'baseline.copy'));
    else await api.json('DELETE', `/api/records/${id}/draft`);
    process.stderr.write(
      `${name} ${(size / GiB).toFixed(2)} GiB: ${seconds.toFixed(2)} s (commit ${baselineCase ? '-' : commitSeconds.toFixed(2)} s), ${mibPerSecond(size, seconds).toFixed(0)} MiB/s, CPU server ${(run.serverCpuMs / 1000).toFixed(2)} s + client ${(run.clientCpuMs / 1000).toFixed(2)} s, load ${load.toFixed(1)}\n`,
    );
    return run;
  }

  // A first upload of each kind starts the server's I/O threads (file-io.ts): a one-time
  // cost, reported apart from the memory an upload takes.
  const warmUp = await makeSource(16 * MiB, 'warm-up.bin');
  const idle = server.rss();
  for (const name of ['b', 'c']) {
    const id = await newDraft(api);
    await (name === 'b' ? localTransfer : multipart)(api, id, warmUp, 16 * MiB);
    await api.json('DELETE', `/api/records/${id}/draft`);
  }
  const warmedUp = server.rss();
  rmSync(warmUp);

  const small = await makeSource(smallSize, 'small.bin');
  const order = ['a', 'a2', 'b', 'c'].filter((c) => cases.has(c));
  const runs = new Map<string, Run[]>(order.map((c) => [c, []]));
  for (let round = 0; round < rounds; round++) {
    // Each round starts with another case, so none always follows the same one.
    for (let i = 0; i < order.length; i++) {
      const name = order[(round + i) % order.length]!;
      runs.get(name)!.push(await measure(name, small, smallSize));
    }
  }
  rmSync(small);

  const large: Record<string, Run> = {};
  if (largeSize > 0) {
    const file = await makeSource(largeSize, 'large.bin');
    for (const name of ['b', 'c'].filter((c) => cases.has(c))) {
      large[name] = await measure(name, file, largeSize);
    }
    rmSync(file);
  }

  const labels: Record<string, string> = {
    a: `(a) baseline: MD5 + write + fsync + rename, plain streams`,
    a2: `(a′) the same, also flushing every 64 MiB while writing`,
    b: `(b) local transfer (L): init, PUT content, commit`,
    c: `(c) multipart (M), ${concurrency} concurrent ${partSize / MiB} MiB parts`,
  };
  const loads = [...runs.values()].flat().map((run) => run.load);
  const lines = [
    `Files benchmark — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, PGlite, local storage`,
    `${(smallSize / GiB).toFixed(2)} GiB, ${rounds} rounds, cases interleaved; 1-minute load average at the start of each run: ${spread(loads, 1)} (median ${median(loads).toFixed(1)})`,
    '',
    `| case, ${(smallSize / GiB).toFixed(2)} GiB | median time | min – max | median MiB/s | CPU s per GiB: server + client |`,
    `| --- | ---: | ---: | ---: | ---: |`,
  ];
  for (const [name, list] of runs) {
    const perGiB = (ms: number) => ms / 1000 / (smallSize / GiB);
    lines.push(
      `| ${labels[name]} | ${median(list.map((r) => r.seconds)).toFixed(2)} s | ${spread(
        list.map((r) => r.seconds),
        2,
      )} s | ${mibPerSecond(smallSize, median(list.map((r) => r.seconds))).toFixed(0)} | ${perGiB(
        median(list.map((r) => r.serverCpuMs)),
      ).toFixed(2)} + ${perGiB(median(list.map((r) => r.clientCpuMs))).toFixed(2)} |`,
    );
  }
  /** Throughput of `x` over that of `y`, paired within each round (same load, same moment). */
  const ratios = (x: string, y: string) =>
    runs.get(x)!.map((run, i) => runs.get(y)![i]!.seconds / run.seconds);
  const ratioRows: [string, string, string][] = [
    ['b', 'a', '(b)/(a) throughput (target ≥ 0.85)'],
    ['b', 'a2', '(b)/(a′) throughput'],
    ['c', 'b', '(c)/(b) throughput (target ≥ 1)'],
  ];
  lines.push('', `| ratio | median of the rounds | min – max |`, `| --- | ---: | ---: |`);
  for (const [x, y, label] of ratioRows) {
    if (!runs.has(x) || !runs.has(y)) continue;
    const values = ratios(x, y);
    lines.push(`| ${label} | ${median(values).toFixed(2)} | ${spread(values, 2)} |`);
  }
  const memory = (list: Run[]) => {
    const growth = Math.max(...list.map((r) => r.rssPeak - r.rssBefore));
    return `${mb(median(list.map((r) => r.rssBefore)))} → +${mb(growth)}`;
  };
  const memoryRows = ['b', 'c'].filter((c) => runs.has(c));
  if (memoryRows.length) {
    lines.push(
      '',
      `Server RSS at rest ${mb(idle)}; after a first 16 MiB upload of each kind (which starts the I/O threads) ${mb(warmedUp)}.`,
      '',
      `| server RSS: before → largest growth | ${(smallSize / GiB).toFixed(2)} GiB (every run) | ${largeSize > 0 ? `${(largeSize / GiB).toFixed(2)} GiB` : ''} |`,
      `| --- | ---: | ---: |`,
    );
    for (const name of memoryRows) {
      const big = large[name];
      lines.push(
        `| ${name === 'b' ? 'local transfer (L)' : 'multipart (M)'} | ${memory(runs.get(name)!)} | ${
          big
            ? `${mb(big.rssBefore)} → +${mb(big.rssPeak - big.rssBefore)} (${big.seconds.toFixed(1)} s, ${mibPerSecond(largeSize, big.seconds).toFixed(0)} MiB/s)`
            : ''
        } |`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
