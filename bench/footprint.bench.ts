// What the app costs to reach and to keep running:
// (1) bytes over the wire for the deposit page (/uploads/new) and everything it
//     loads, with `Accept-Encoding: br` against identity, same run;
// (2) first start (empty data dir) and restart of `npm start`'s server, and its
//     resident memory at rest with the demo data, on PGlite and, with
//     DATABASE_URL, on PostgreSQL, against a bare Fastify process.
//   npm run build && node_modules/.bin/node bench/footprint.bench.ts
//   (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test adds the PostgreSQL rows;
//   BENCH_SETTLE_SECONDS, default 10: the wait before memory is read)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { launchChromium, loginPage } from './lib/browser.ts';
import { spawnArca } from './lib/server-process.ts';

const TARGETS = { wireKb: 300, pgliteMb: 300, postgresMb: 200, firstStartS: 8 };
const settleMs = Number(process.env.BENCH_SETTLE_SECONDS ?? 10) * 1000;
const port = () => 6000 + Math.floor(Math.random() * 2000);
const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** Bytes that cross the wire for one GET: status line and headers, and the body as sent. */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        const head = res.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0);
        resolve(bytes + head + `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every GET the deposit page makes until it is usable, and the session that made them. */
async function depositPageRequests(url: string) {
  const browser = await launchChromium();
  try {
    const login = await loginPage(browser, url);
    const page = await login.context().newPage();
    await login.close();
    // Each GET with the headers that shape its answer (the API's media type, the language).
    const requests: { url: string; headers: Record<string, string> }[] = [];
    page.on('request', (req) => {
      if (req.method() !== 'GET' || !req.url().startsWith(url)) return;
      const { accept, 'accept-language': language } = req.headers();
      const headers: Record<string, string> = {};
      if (accept) headers.accept = accept;
      if (language) headers['accept-language'] = language;
      requests.push({ url: req.url(), headers });
    });
    await page.goto(`${url}/uploads/new`, { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const cookies = await page.context().cookies();
    return { requests, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
  } finally {
    await browser.close();
  }
}

async function wire(url: string) {
  const { requests, cookie } = await depositPageRequests(url);
  const sizes: { url: string; br: number; identity: number }[] = [];
  for (const { url: each, headers: asSent } of requests) {
    const headers = { ...asSent, cookie };
    sizes.push({
      url: new URL(each).pathname + new URL(each).search,
      br: await wireBytes(each, { ...headers, 'accept-encoding': 'br' }),
      identity: await wireBytes(each, { ...headers, 'accept-encoding': 'identity' }),
    });
  }
  const sum = (key: 'br' | 'identity') => sizes.reduce((total, size) => total + size[key], 0);
  return { requests: requests.length, br: sum('br'), identity: sum('identity'), sizes };
}

/** A throwaway database on the DATABASE_URL server. */
async function scratchDatabase(url: string) {
  const name = `arca_footprint_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => admin(`DROP DATABASE ${name} WITH (FORCE)`) };
}

/** One start of the server: seconds to the banner, CPU seconds used, RSS once settled. */
async function start(env: Record<string, string>) {
  const began = performance.now();
  const server = await spawnArca(port(), env);
  const seconds = (performance.now() - began) / 1000;
  const cpuSeconds = server.cpuMs() / 1000;
  await sleep(settleMs);
  const rss = server.rss();
  await server.stop();
  return { seconds, cpuSeconds, rss };
}

/** First start on an empty data dir, then a restart on it. */
async function startTwice(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-footprint-'));
  try {
    const first = await start({ ...env, ARCA_DATA_DIR: dataDir });
    const again = await start({ ...env, ARCA_DATA_DIR: dataDir });
    return { first, again };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The baseline: a bare Fastify process answering one route, settled the same way. */
async function bareFastify(): Promise<number> {
  const script = `import Fastify from 'fastify';
const app = Fastify(); app.get('/', async () => ({ ok: true }));
await app.listen({ port: ${port()}, host: '127.0.0.1' }); console.log('listening');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  await sleep(settleMs);
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  child.kill();
  return rss;
}

// (1) The wire, on a server of its own.
const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-footprint-'));
const server = await spawnArca(port(), { ARCA_DATA_DIR: dataDir });
let bytes: Awaited<ReturnType<typeof wire>>;
try {
  bytes = await wire(server.url);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// (2) Starts and memory.
if (process.env.BENCH_WIRE_ONLY) {
  console.log(bytes);
  process.exit(0);
}
const baseline = await bareFastify();
const pglite = await startTwice({});
const postgresUrl = process.env.DATABASE_URL;
let postgres: Awaited<ReturnType<typeof startTwice>> | undefined;
if (postgresUrl) {
  const scratch = await scratchDatabase(postgresUrl);
  try {
    postgres = await startTwice({ DATABASE_URL: scratch.url });
  } finally {
    await scratch.drop();
  }
}

console.log(`/uploads/new and its ${bytes.requests} GET requests, bytes over the wire:`);
console.log('');
console.log('| Accept-Encoding | KB | ratio to identity | target |');
console.log('| --- | ---: | ---: | --- |');
console.log(`| identity | ${kb(bytes.identity)} | 1 | — |`);
const wireMet = bytes.br / 1024 <= TARGETS.wireKb;
console.log(
  `| br | ${kb(bytes.br)} | ${(bytes.br / bytes.identity).toFixed(3)} | ≤ ${TARGETS.wireKb} KB: ${verdict(wireMet)} |`,
);
for (const size of bytes.sizes
  .sort((a, b) => b.br - a.br)
  .slice(0, Number(process.env.BENCH_ROWS ?? 0)))
  console.log(`| ${size.url.slice(0, 70)} | ${kb(size.br)} of ${kb(size.identity)} | | |`);
console.log('');
console.log(`Starts (wall s / CPU s) and RSS ${settleMs / 1000} s after the banner, demo data:`);
console.log('');
console.log('| database | start | wall s | CPU s | RSS MB | ratio to bare Fastify | target |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | --- |');
console.log(`| — | bare Fastify | — | — | ${mb(baseline)} | 1 | — |`);
const rows: [string, typeof pglite, number][] = [['PGlite', pglite, TARGETS.pgliteMb]];
if (postgres) rows.push(['PostgreSQL', postgres, TARGETS.postgresMb]);
let allMet = wireMet;
for (const [name, runs, targetMb] of rows) {
  for (const [label, run] of [
    ['first', runs.first],
    ['restart', runs.again],
  ] as const) {
    const memoryMet = run.rss / 1048576 < targetMb;
    const timeMet = name !== 'PGlite' || label !== 'first' || run.seconds < TARGETS.firstStartS;
    const target =
      name === 'PGlite' && label === 'first'
        ? `< ${targetMb} MB: ${verdict(memoryMet)}; < ${TARGETS.firstStartS} s: ${verdict(timeMet)}`
        : `< ${targetMb} MB: ${verdict(memoryMet)}`;
    allMet &&= memoryMet && timeMet;
    console.log(
      `| ${name} | ${label} | ${run.seconds.toFixed(1)} | ${run.cpuSeconds.toFixed(1)} | ${mb(run.rss)} | ${(run.rss / baseline).toFixed(2)} | ${target} |`,
    );
  }
}
if (!allMet) process.exitCode = 1;
