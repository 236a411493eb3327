// A 1 GiB upload through the deposit page in Chromium, with and without the
// browser's SHA-256 of the file, in one run, interleaved (the machine is
// shared). "Without" is the same page with the file's hashing worker stopped
// as it is asked to hash: the parts' Content-MD5 are still computed in their
// worker, and the uploader commits unhashed, as where that worker fails. A
// small upload of each kind warms up first. Medians and load averages.
//   npm run build && node bench/upload-sha256.bench.ts
//   BENCH_GIB=1 BENCH_ROUNDS=4 node bench/upload-sha256.bench.ts
//   BENCH_LINK=1gbit (Linux, root): the uploads cross a link of that rate (a
//   token bucket on the loopback), as they would on a network, instead of
//   loopback's own speed, where the browser's hash takes CPU from the server
//   it shares the machine with
//   BENCH_TRACE=1: each upload's requests, timed from choosing the file, and the
//   machine's busy cores every 250 ms
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fillRequired } from '../e2e/deposit.helpers.ts';
import { launchChromium, loginPage } from './lib/browser.ts';
import { limitLoopback } from './lib/link-limit.ts';
import { sampleBusyCores } from './lib/machine-busy.ts';
import { startArca } from './lib/servers.ts';
import { browserThreadCpu, cpuBetween } from './lib/thread-cpu.ts';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const size = Math.round(Number(process.env.BENCH_GIB ?? 1) * GiB);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const link = process.env.BENCH_LINK;

const work = mkdtempSync(path.join(tmpdir(), 'arca-sha256-bench-'));
const source = path.join(work, 'upload.bin');
const handle = await open(source, 'w');
const block = randomBytes(16 * MiB);
for (let written = 0; written < size; written += block.length) {
  block.writeUInt32LE(written / block.length, 0);
  await handle.write(block, 0, Math.min(block.length, size - written));
}
await handle.close();
const warmUp = path.join(work, 'warm-up.bin');
await writeFile(warmUp, block);

const unlimitLink = link ? limitLoopback(link) : () => undefined;
const arca = await startArca(5900 + Math.floor(Math.random() * 100));
const browser = await launchChromium();
const load = () => os.loadavg()[0]!.toFixed(1);

/** Seconds from choosing the file to its row showing it uploaded (committed). */
async function uploadOnce(
  hashing: boolean,
  file = source,
): Promise<{ seconds: number; verified: boolean; cpu: string }> {
  const page = await loginPage(browser, arca.url);
  page.on('crash', () => console.error('the page crashed'));
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  // Without: the worker asked for the file's digest (file-digests.ts) ends at once, with an
  // error, as a failing worker would. (A route to stub the worker's script would make
  // Playwright intercept every part's PUT too.)
  if (!hashing) await page.addInitScript({ content: STOP_FILE_HASHING });
  await page.goto(`${arca.url}/uploads/new`);
  await fillRequired(page, `A large upload (${hashing ? 'with' : 'without'} SHA-256)`);
  const trace: string[] = [];
  if (process.env.BENCH_TRACE) {
    const at = () => ((performance.now() - started) / 1000).toFixed(2);
    const name = (url: string) => new URL(url).pathname.split('/').slice(-2).join('/');
    page.on('request', (r) => {
      if (r.method() !== 'GET') trace.push(`${at()} ${r.method()} ${name(r.url())}`);
    });
    page.on('requestfinished', (r) => {
      if (r.method() !== 'GET') trace.push(`${at()} done ${r.method()} ${name(r.url())}`);
    });
  }
  const threadsBefore = browserThreadCpu();
  const serverBefore = process.cpuUsage();
  const busy = process.env.BENCH_TRACE ? sampleBusyCores(os.availableParallelism()) : undefined;
  const started = performance.now();
  await page.getByLabel('Choose files').setInputFiles(file);
  await page
    .getByTestId('deposit-file')
    .filter({ hasText: path.basename(file) })
    .filter({ hasText: 'Uploaded' })
    .waitFor({ timeout: 30 * 60_000 });
  const seconds = (performance.now() - started) / 1000;
  if (trace.length) console.log(`  ${trace.join('\n  ')}`);
  if (busy) console.log(`  busy cores every 250 ms: ${busy.stop()}`);
  const server = process.cpuUsage(serverBefore);
  const threads = [...cpuBetween(threadsBefore, browserThreadCpu())].sort((a, b) => b[1] - a[1]);
  const browserSeconds = threads
    .filter(([name]) => name.endsWith(' (all)'))
    .reduce((total, [, s]) => total + s, 0);
  const cpu = `CPU s: server ${((server.user + server.system) / 1e6).toFixed(1)}, browser ${browserSeconds.toFixed(1)} (${threads
    .slice(0, 9)
    .map(([name, s]) => `${name} ${s.toFixed(1)}`)
    .join(', ')})`;
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const entry = await page.request.get(
    `${arca.url}/api/records/${id}/draft/files/${path.basename(file)}`,
  );
  const verified = ((await entry.json()) as { verified?: boolean }).verified === true;
  // The bytes go again before the next round (the disk is shared too).
  await page.request.delete(`${arca.url}/api/records/${id}/draft`, {
    headers: {
      'X-CSRFToken':
        (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '',
    },
  });
  await page.context().close();
  return { seconds, verified, cpu };
}

/** In the page: a worker is stopped when asked for the file's digest, and says so. */
const STOP_FILE_HASHING = `
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'digest') {
      this.terminate();
      this.dispatchEvent(new Event('error'));
      return;
    }
    return post.call(this, message, ...rest);
  };`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const times: Record<'without' | 'with', number[]> = { without: [], with: [] };
// Each round's own ratio: rounds run back to back, so pairing them cancels the machine's drift.
const pairedRatios: number[] = [];
try {
  const over = link ? `a ${link} link` : 'loopback';
  console.log(
    `${(size / GiB).toFixed(2)} GiB over ${over}, ${rounds} rounds, load ${load()} at the start`,
  );
  await uploadOnce(false, warmUp);
  await uploadOnce(true, warmUp);
  for (let round = 1; round <= rounds; round++) {
    for (const hashing of round % 2 ? [false, true] : [true, false]) {
      const before = load();
      const { seconds, verified, cpu } = await uploadOnce(hashing);
      if (verified !== hashing) throw new Error(`verified ${verified}, hashing ${hashing}`);
      times[hashing ? 'with' : 'without'].push(seconds);
      const rate = (size / MiB / seconds).toFixed(0);
      console.log(
        `round ${round} ${hashing ? 'with' : 'without'} SHA-256: ${seconds.toFixed(1)} s, ${rate} MiB/s (load ${before} → ${load()})`,
      );
      console.log(`  ${cpu}`);
    }
    pairedRatios.push(times.with.at(-1)! / times.without.at(-1)!);
  }
  const without = median(times.without);
  const withHash = median(times.with);
  console.log('');
  console.log('| upload | median s | MiB/s |');
  console.log('| --- | ---: | ---: |');
  console.log(`| without SHA-256 | ${without.toFixed(1)} | ${(size / MiB / without).toFixed(0)} |`);
  console.log(`| with SHA-256 | ${withHash.toFixed(1)} | ${(size / MiB / withHash).toFixed(0)} |`);
  const roundRatios = pairedRatios.map((r) => r.toFixed(2)).join(', ');
  console.log(
    `\nwith / without, median of the rounds' ratios: ${median(pairedRatios).toFixed(3)} (${roundRatios}); of the median times: ${(withHash / without).toFixed(3)} (target ≤ 1.10); load ${load()} at the end`,
  );
} finally {
  await browser.close();
  await arca.close();
  unlimitLink();
  rmSync(work, { recursive: true, force: true });
}
