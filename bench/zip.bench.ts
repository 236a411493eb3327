// The zip of a draft's files against `zip -0 -r` of the same files on the same disk, in
// one run: a draft with BENCH_FILES (default 10,000) small files (1–980 bytes, about
// 4.9 MB), their rows and bytes written straight into the database and the storage
// directory (uploading them through the API is what bench/records measures, not this).
//   node bench/zip.bench.ts                      (PGlite, local storage)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/zip.bench.ts
// BENCH_ROUNDS (default 7) rounds, the cases interleaved; medians and spread reported.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileEntries, fileObjects } from '../packages/server/src/db/schema.ts';
import { startArca } from './lib/servers.ts';

const count = Number(process.env.BENCH_FILES ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const BATCH = 1000;

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)} – ${Math.max(...values).toFixed(digits)}`;

const arca = await startArca(40_000 + Math.floor(Math.random() * 10_000));
try {
  let cookies = '';
  let csrf = '';
  async function api(method: string, url: string, body?: unknown) {
    const response = await fetch(`${arca.url}${url}`, {
      method,
      headers: {
        cookie: cookies,
        'x-csrftoken': csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (set.length) {
      cookies = set.join('; ');
      csrf = set.find((c) => c.startsWith('csrftoken='))?.slice('csrftoken='.length) ?? csrf;
    }
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  }
  await api('POST', '/api/auth/login', { email: 'alice@demo.arca', password: 'arca-demo' });
  const draft = await api('POST', '/api/records', {
    metadata: { title: 'Benchmark archive' },
    files: { enabled: true },
  });
  const id = draft.id as string;

  // The files, in a directory of their own under the storage root (storage keys name them).
  const folder = 'bench-zip';
  const directory = path.join(arca.dataDir, 'files', folder);
  mkdirSync(directory, { recursive: true });
  let total = 0;
  for (let start = 0; start < count; start += BATCH) {
    const files = Array.from({ length: Math.min(BATCH, count - start) }, (_, j) => {
      const i = start + j;
      const name = `series-${String(i).padStart(5, '0')}.csv`;
      const bytes = Buffer.from(
        Array.from({ length: 1 + ((i * 7919) % 980) }, (_, k) => 48 + ((i + k) % 10)),
      );
      writeFileSync(path.join(directory, name), bytes);
      total += bytes.length;
      return { name, bytes };
    });
    const objects = await arca.db
      .insert(fileObjects)
      .values(
        files.map((f) => ({
          storageKey: `${folder}/${f.name}`,
          status: 'completed',
          size: f.bytes.length,
          checksum: `md5:${createHash('md5').update(f.bytes).digest('hex')}`,
        })),
      )
      .returning({ id: fileObjects.id });
    await arca.db.insert(fileEntries).values(
      files.map((f, j) => ({
        recordId: id,
        draft: true,
        key: f.name,
        objectId: objects[j]!.id,
        status: 'completed',
        mimetype: 'text/csv',
      })),
    );
  }

  const zipFile = path.join(arca.dataDir, 'baseline.zip');
  /** `zip -0 -r` of the same files, into a file on the same disk. */
  function zipBaseline(): number {
    rmSync(zipFile, { force: true });
    const started = performance.now();
    const run = spawnSync('zip', ['-0', '-r', '-q', zipFile, folder], {
      cwd: path.join(arca.dataDir, 'files'),
    });
    const seconds = (performance.now() - started) / 1000;
    if (run.status !== 0) throw new Error(`zip: ${run.stderr.toString()}`);
    return seconds;
  }
  /** The archive through the API, every byte read by the client. */
  async function download(range?: string): Promise<{ seconds: number; bytes: number }> {
    const started = performance.now();
    const response = await fetch(`${arca.url}/api/records/${id}/draft/files-archive`, {
      headers: { cookie: cookies, ...(range ? { range } : {}) },
    });
    let bytes = 0;
    // Node's web streams are async iterable (the DOM's types, which the browser tests bring, say not).
    for await (const chunk of response.body! as unknown as AsyncIterable<Uint8Array>)
      bytes += chunk.length;
    const seconds = (performance.now() - started) / 1000;
    const length = Number(response.headers.get('content-length'));
    if (response.status !== (range ? 206 : 200) || bytes !== length) {
      throw new Error(`archive: ${response.status}, ${bytes} bytes, Content-Length ${length}`);
    }
    return { seconds, bytes };
  }

  const zipTimes: number[] = [];
  const archiveTimes: number[] = [];
  const ratios: number[] = [];
  let archiveBytes = 0;
  const first = await download(); // the first run reads the rows and files into caches
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always follows the other.
    const pair =
      round % 2
        ? [zipBaseline(), (await download()).seconds]
        : [(await download()).seconds, zipBaseline()].reverse();
    const [zipSeconds, archiveSeconds] = pair as [number, number];
    zipTimes.push(zipSeconds);
    archiveTimes.push(archiveSeconds);
    ratios.push(zipSeconds / archiveSeconds);
    archiveBytes = first.bytes;
    process.stderr.write(
      `round ${round + 1}: zip -0 ${zipSeconds.toFixed(3)} s, archive ${archiveSeconds.toFixed(3)} s, load ${os.loadavg()[0]!.toFixed(1)}\n`,
    );
  }
  const resumed = await download(`bytes=${Math.floor(archiveBytes / 2)}-`);
  // The part of the time that reads no file: the rows, the layout, the ETag.
  const heads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const head = await fetch(`${arca.url}/api/records/${id}/draft/files-archive`, {
      method: 'HEAD',
      headers: { cookie: cookies },
    });
    if (head.status !== 200) throw new Error(`HEAD: ${head.status}`);
    heads.push((performance.now() - started) / 1000);
  }

  const lines = [
    `Zip benchmark — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${arca.database}, local storage`,
    `${count} files, ${(total / 1e6).toFixed(2)} MB; archive ${(archiveBytes / 1e6).toFixed(2)} MB, zip -0 ${(statSync(zipFile).size / 1e6).toFixed(2)} MB; ${rounds} rounds, interleaved`,
    '',
    `| case | median | min – max |`,
    `| --- | ---: | ---: |`,
    `| \`zip -0 -r\` of the files | ${median(zipTimes).toFixed(3)} s | ${spread(zipTimes, 3)} s |`,
    `| GET files-archive (first: ${first.seconds.toFixed(3)} s) | ${median(archiveTimes).toFixed(3)} s | ${spread(archiveTimes, 3)} s |`,
    `| HEAD files-archive (no file read) | ${median(heads).toFixed(3)} s | ${spread(heads, 3)} s |`,
    `| speed ratio, archive / zip -0 (target ≥ 0.5) | ${median(ratios).toFixed(2)} | ${spread(ratios, 2)} |`,
    '',
    `Second half by Range (resumed, CRC-32s known): ${resumed.seconds.toFixed(3)} s, ${(resumed.bytes / 1e6).toFixed(2)} MB.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await arca.close();
}
