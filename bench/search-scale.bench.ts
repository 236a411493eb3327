// Search at scale on PostgreSQL: the searches of issue 27 through
// `GET /api/records?size=10…`, anonymous and as a user with 30,000 grants, at 1
// client (p50/p95) and 10 clients (requests/s), against the bare SQL that returns
// the same ids (pg driver, same run). Repeated searches are answered from the
// server's kept answers; each is also measured uncached (a query parameter the API
// ignores, new on every call, makes each answer a first one). The database is seeded once
// (bench/lib/seed-scale.ts) and kept: later runs reuse it.
//   node bench/search-scale.bench.ts                      (100,000 records)
//   BENCH_RECORDS=1000000 node bench/search-scale.bench.ts
// DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres);
// BENCH_SEARCH_DB the kept database (default arca_search_<records>); BENCH_RESEED=1 seeds
// it again; BENCH_SERVER_DIR runs another checkout's packages/server; BENCH_SECONDS (default
// 10) per measurement; BENCH_SAMPLES (default 40) most calls at 1 client; BENCH_CASES a
// comma-separated subset of case numbers (1–6); BENCH_WHO=anonymous or grants one searcher
// only; BENCH_BARE=rows makes the bare SQL read the whole rows (every column of records),
// not only their ids.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { latency, throughput, type Latency, type Throughput } from './lib/clients.ts';
import { closeSockets, get } from './lib/http-get.ts';
import { PAGE_SIZE, SEARCH_CASES, type Searcher } from './lib/search-cases.ts';
import { SEARCHER, prepareScaleDatabase } from './lib/seed-records.ts';
import { spawnArca } from './lib/server-process.ts';

const recordCount = Number(process.env.BENCH_RECORDS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const maxSamples = Number(process.env.BENCH_SAMPLES ?? 40);
const serverDir = path.resolve(
  process.env.BENCH_SERVER_DIR ?? path.join(import.meta.dirname, '../packages/server'),
);
const wholeRows = process.env.BENCH_BARE === 'rows';
const only = process.env.BENCH_CASES?.split(',').map(Number);
const onlyWho = process.env.BENCH_WHO;
const CLIENTS = 10;
const TARGET_P95_MS = 50;
const TARGET_P95_DEEP_MS = 100;
const TARGET_RATIO = 0.2;

const log = (line: string) => process.stderr.write(`${line}\n`);
const seeded = await prepareScaleDatabase({
  serverUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  name: process.env.BENCH_SEARCH_DB ?? `arca_search_${recordCount}`,
  count: recordCount,
  templates: 1000,
  grants: 30_000,
  reseed: process.env.BENCH_RESEED === '1',
  serverDir,
  log,
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arca-search-bench-'));
const arca = await spawnArca(
  5141,
  { DATABASE_URL: seeded.url, ARCA_DATA_DIR: dataDir, ARCA_DEMO_DATA: 'false' },
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
  { main: path.join(serverDir, 'src/main.ts'), nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ') },
);
const pool = new pg.Pool({ connectionString: seeded.url, max: CLIENTS });

interface Row {
  case: string;
  who: string;
  page: number;
  total: number;
  sameIds: boolean;
  api: Latency;
  bare: Latency;
  apiLoad: Throughput;
  bareLoad: Throughput;
  uncached: Latency;
  uncachedLoad: Throughput;
}

/** Signs the searcher in: the session cookie the web app would send. */
async function signIn(): Promise<string> {
  const response = await fetch(`${arca.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SEARCHER),
  });
  if (response.status !== 200)
    throw new Error(`login: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

type Page = { hits: { total: number; hits: { id: string }[] } };

async function apiPage(url: string, cookie: string | undefined): Promise<Page> {
  const { status, body } = await get(url, cookie ? { cookie } : {});
  if (status !== 200) throw new Error(`GET ${url}: ${status} ${body}`);
  return JSON.parse(body) as Page;
}

const rows: Row[] = [];
try {
  const cookie = await signIn();
  const who: { name: string; searcher: Searcher; cookie: string | undefined }[] = [
    { name: 'anonymous', searcher: { kind: 'anonymous' }, cookie: undefined },
    {
      name: `${seeded.grants.toLocaleString('en')} grants`,
      searcher: { kind: 'granted', userId: seeded.searcherId },
      cookie,
    },
  ];
  for (const [index, search] of SEARCH_CASES.entries()) {
    if (only && !only.includes(index + 1)) continue;
    for (const user of who) {
      if (onlyWho && !user.name.includes(onlyWho)) continue;
      const url = `${arca.url}/api/records?size=${PAGE_SIZE}${search.query ? `&${search.query}` : ''}`;
      const bare = search.bare(user.searcher, wholeRows);
      const first = await apiPage(url, user.cookie);
      const apiIds = first.hits.hits.map((hit) => hit.id);
      const bareIds = (await pool.query<{ id: string }>(bare)).rows.map((row) => row.id);
      const sameIds = apiIds.length === PAGE_SIZE && apiIds.join() === bareIds.join();
      if (!sameIds) {
        log(`${search.name} (${user.name}): the bare SQL's ids differ from the API's`);
        log(`  API:  ${apiIds.join(' ')}\n  bare: ${bareIds.join(' ')}`);
        process.exitCode = 1;
      }
      // The answer is read whole and its status checked; parsing it is the client's business.
      const callApi = async () => {
        const { status } = await get(url, user.cookie ? { cookie: user.cookie } : {});
        if (status !== 200) throw new Error(`GET ${url}: ${status}`);
      };
      let asked = 0;
      const callUncached = async () => {
        const { status } = await get(
          `${url}&_=${++asked}`,
          user.cookie ? { cookie: user.cookie } : {},
        );
        if (status !== 200) throw new Error(`GET ${url}: ${status}`);
      };
      const callBare = () => pool.query(bare);
      log(`${search.name} (${user.name}): ${first.hits.total} hits…`);
      const options = { seconds, maxSamples, minSamples: 5 };
      const api = await latency(callApi, options);
      const bareLatency = await latency(callBare, options);
      const apiLoad = await throughput(
        Array.from({ length: CLIENTS }, () => callApi),
        seconds,
      );
      const bareLoad = await throughput(
        Array.from({ length: CLIENTS }, () => callBare),
        seconds,
      );
      const uncached = await latency(callUncached, options);
      const uncachedLoad = await throughput(
        Array.from({ length: CLIENTS }, () => callUncached),
        seconds,
      );
      rows.push({
        case: search.name,
        who: user.name,
        page: search.page,
        total: first.hits.total,
        sameIds,
        api,
        bare: bareLatency,
        apiLoad,
        bareLoad,
        uncached,
        uncachedLoad,
      });
    }
  }
} finally {
  closeSockets();
  await pool.end();
  await arca.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const rate = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const load = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(' ');
const lines = [
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${load} at the end`,
  `${recordCount.toLocaleString('en')} records (${seeded.seededSeconds ? `seeded in ${seeded.seededSeconds.toFixed(0)} s` : 'kept database'}), ` +
    `server ${serverDir}, bare SQL reads ${wholeRows ? 'whole rows' : 'ids'}, ${seconds} s per measurement, at most ${maxSamples} calls at 1 client`,
  '',
  `| search, size ${PAGE_SIZE} | who | hits | API p50 / p95 ms, 1 client | bare SQL p50 / p95 ms | API req/s, ${CLIENTS} clients | bare SQL req/s | ratio | p95 target | ratio target | uncached p50 / p95 ms | uncached req/s (ratio) |`,
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: |',
];
let missed = 0;
for (const row of rows) {
  const p95Target = row.page > 1 ? TARGET_P95_DEEP_MS : TARGET_P95_MS;
  const ratio = row.apiLoad.perSecond / row.bareLoad.perSecond;
  const p95Met = row.api.p95 < p95Target;
  const ratioMet = ratio >= TARGET_RATIO;
  if (!p95Met) missed++;
  if (!ratioMet) missed++;
  lines.push(
    `| ${row.case}${row.sameIds ? '' : ' (ids differ: void)'} | ${row.who} | ${row.total.toLocaleString('en')} | ` +
      `${ms(row.api.p50)} / ${ms(row.api.p95)} | ${ms(row.bare.p50)} / ${ms(row.bare.p95)} | ` +
      `${rate(row.apiLoad.perSecond)} | ${rate(row.bareLoad.perSecond)} | ${ratio < 0.01 ? ratio.toPrecision(2) : ratio.toFixed(3)} | ` +
      `< ${p95Target}: ${p95Met ? 'met' : 'MISSED'} | ≥ ${TARGET_RATIO}: ${ratioMet ? 'met' : 'MISSED'} | ` +
      `${ms(row.uncached.p50)} / ${ms(row.uncached.p95)} | ${rate(row.uncachedLoad.perSecond)} (${(row.uncachedLoad.perSecond / row.bareLoad.perSecond).toFixed(3)}) |`,
  );
}
lines.push('', `targets missed: ${missed} of ${rows.length * 2}`);
process.stdout.write(`${lines.join('\n')}\n`);
