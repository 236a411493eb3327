// What reading and hashing a large file cost in Chromium, apart from any
// upload: the parts of the deposit page's digest work (file-digests.worker.ts)
// measured one by one in a Web Worker, with the renderer's and browser's CPU
// seconds. It tells what the browser-side SHA-256 adds to an upload at best
// (bench/upload-sha256.bench.ts measures the upload itself).
//   node bench/browser-digests.bench.ts          (1 GiB; BENCH_GIB, BENCH_ROUNDS)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from './lib/browser.ts';
import { browserThreadCpu, cpuBetween } from './lib/thread-cpu.ts';

const MiB = 1024 ** 2;
const size = Math.round(Number(process.env.BENCH_GIB ?? 1) * 1024 * MiB);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const hashWasm = path.join(import.meta.dirname, '../node_modules/hash-wasm/dist');

// Each kind of work over the whole file, 16 MiB at a time, as the workers
// step: read from a byte stream into one buffer, filled again and again
// (blob-reader.ts); the first kind reads each slice into a new buffer instead.
const WORKER = `
importScripts('/md5.js', '/sha256.js');
const STEP = 16 * 1024 * 1024;
async function* newBuffers(file) {
  for (let start = 0; start < file.size; start += STEP)
    yield new Uint8Array(await file.slice(start, start + STEP).arrayBuffer());
}
async function* slices(file) {
  const reader = file.stream().getReader({ mode: 'byob' });
  let buffer = new ArrayBuffer(STEP);
  let filled = 0;
  for (;;) {
    const { done, value } = await reader.read(new Uint8Array(buffer, filled, STEP - filled));
    buffer = value.buffer;
    if (!done) filled += value.length;
    if (filled === STEP || (done && filled)) {
      yield new Uint8Array(buffer, 0, filled);
      filled = 0;
    }
    if (done) return;
  }
}
// Bytes already in memory (each page written, so the timing is not of first touches).
function inMemory(file) {
  const bytes = new Uint8Array(Math.min(file.size, 256 * 1024 * 1024));
  for (let at = 0; at < bytes.length; at += 4096) bytes[at] = at & 255;
  return bytes;
}
const kinds = {
  async 'read, a new buffer each slice'(file) { for await (const _ of newBuffers(file)); },
  async read(file) { for await (const _ of slices(file)); },
  async 'read + MD5'(file) {
    const md5 = await hashwasm.createMD5(); md5.init();
    for await (const bytes of slices(file)) md5.update(bytes);
    md5.digest('hex');
  },
  async 'read + MD5 + SHA-256'(file) {
    const md5 = await hashwasm.createMD5(); md5.init();
    const sha = await hashwasm.createSHA256(); sha.init();
    for await (const bytes of slices(file)) { md5.update(bytes); sha.update(bytes); }
    md5.digest('hex'); sha.digest('hex');
  },
  async 'SHA-256 in memory (hash-wasm)'(file) {
    const bytes = inMemory(file);
    const started = performance.now();
    const sha = await hashwasm.createSHA256(); sha.init();
    for (let at = 0; at < bytes.length; at += STEP) sha.update(bytes.subarray(at, at + STEP));
    sha.digest('hex');
    return (performance.now() - started) * (file.size / bytes.length);
  },
  async 'SHA-256 in memory (WebCrypto, whole)'(file) {
    const bytes = inMemory(file);
    const started = performance.now();
    await crypto.subtle.digest('SHA-256', bytes);
    return (performance.now() - started) * (file.size / bytes.length);
  },
};
onmessage = async ({ data: { file, kind } }) => {
  const started = performance.now();
  const scaled = await kinds[kind](file);
  postMessage(scaled ?? performance.now() - started);
};`;

const PAGE = `<!doctype html><input type="file" id="file"><script>
window.measure = (kind) => new Promise((resolve) => {
  const worker = new Worker('/worker.js');
  worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
  worker.postMessage({ file: document.getElementById('file').files[0], kind });
});
</script>`;

const served: Record<string, [string, string | Buffer]> = {
  '/': ['text/html', PAGE],
  '/worker.js': ['text/javascript', WORKER],
  '/md5.js': ['text/javascript', readFileSync(path.join(hashWasm, 'md5.umd.min.js'))],
  '/sha256.js': ['text/javascript', readFileSync(path.join(hashWasm, 'sha256.umd.min.js'))],
};
const server = http.createServer((request, response) => {
  const [type, body] = served[request.url ?? ''] ?? ['text/plain', ''];
  response.statusCode = body ? 200 : 404;
  response.setHeader('content-type', type);
  response.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

const work = mkdtempSync(path.join(tmpdir(), 'arca-digests-bench-'));
const source = path.join(work, 'file.bin');
const handle = await open(source, 'w');
const block = randomBytes(16 * MiB);
for (let written = 0; written < size; written += block.length) {
  await handle.write(block, 0, Math.min(block.length, size - written));
}
await handle.close();

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.locator('#file').setInputFiles(source);
  console.log(
    `${(size / MiB).toFixed(0)} MiB, ${rounds} rounds, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log('\n| work in a worker | s (median) | MiB/s | renderer CPU s | browser CPU s |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  const kinds = [
    'read, a new buffer each slice',
    'read',
    'read + MD5',
    'read + MD5 + SHA-256',
    'SHA-256 in memory (hash-wasm)',
    'SHA-256 in memory (WebCrypto, whole)',
  ];
  for (const kind of kinds) {
    const runs: { ms: number; renderer: number; browser: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      const before = browserThreadCpu();
      const ms = await page.evaluate(
        (name) =>
          (globalThis as unknown as { measure: (k: string) => Promise<number> }).measure(name),
        kind,
      );
      const spent = [...cpuBetween(before, browserThreadCpu())];
      const of = (type: string) => spent.find(([name]) => name === `${type} (all)`)?.[1] ?? 0;
      runs.push({ ms, renderer: of('renderer'), browser: of('browser') + of('utility') });
    }
    runs.sort((a, b) => a.ms - b.ms);
    const middle = runs[Math.floor(runs.length / 2)]!;
    const inMemory = kind.includes('in memory');
    console.log(
      `| ${kind} | ${(middle.ms / 1000).toFixed(2)} | ${(size / MiB / (middle.ms / 1000)).toFixed(0)} | ${inMemory ? '—' : middle.renderer.toFixed(1)} | ${inMemory ? '—' : middle.browser.toFixed(1)} |`,
    );
  }
  console.log(`\nload ${os.loadavg()[0]!.toFixed(1)} at the end`);
} finally {
  await browser.close();
  server.close();
  rmSync(work, { recursive: true, force: true });
}
