// Reading, saving and searching records, in one run: a bare Fastify route
// answering a record's JSON from memory (the baseline), GET of that published
// record, PUT of a full draft (logged in), and a free-text and a facet search
// over BENCH_RECORDS (default 10,000) published records seeded straight into
// the tables.
//   node bench/records.bench.ts            (PGlite)
//   DATABASE_URL=postgres://... node bench/records.bench.ts
import os from 'node:os';
import { fullRecord } from '@arca/schema';
import { openDatabase, type DatabaseHandle } from '../packages/server/src/db/client.ts';
import { measure, table, type Measurement } from './lib/measure.ts';
import { FACET_TYPE, SEARCH_WORD, seedRecords } from './lib/seed-records.ts';
import { startArca, startBaseline } from './lib/servers.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const recordCount = Number(process.env.BENCH_RECORDS ?? 10_000);
const connections = 20;
// BENCH_DRAFTS: how many drafts the saving connections share out (default one each).
const draftCount = Number(process.env.BENCH_DRAFTS ?? connections);
const draftTargetMs = 50;
// BENCH_CASES=get,put runs only those cases (e.g. to profile one): baseline, get, put, search, facet.
const only = process.env.BENCH_CASES?.split(',');
const wanted = (name: string) => !only || only.includes(name);

/** A logged-in API client: keeps the cookies and sends the CSRF header, as the web app does. */
class Client {
  readonly cookies = new Map<string, string>();
  readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  get headers(): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrftoken');
    if (csrf) headers['x-csrftoken'] = csrf;
    return headers;
  }

  async request(method: string, path: string, body: unknown, expected: number): Promise<unknown> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: this.headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      if (index > 0) this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const text = await response.text();
    if (response.status !== expected)
      throw new Error(`${method} ${path}: ${response.status}, expected ${expected}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  }
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

const totalOf = (answer: Record<string, unknown>) =>
  (answer.hits as { total: number } | undefined)?.total ?? 0;

const arca = await startArca(5121);
let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
let seedHandle: DatabaseHandle | undefined;
let stopping: Promise<void> | undefined;
/** Closes everything once, whether the run ends or is interrupted: no scratch database stays. */
const stop = () =>
  (stopping ??= (async () => {
    await seedHandle?.close();
    await baseline?.close();
    await arca.close();
  })());
process.once('SIGINT', () => {
  void stop().finally(() => process.exit(130));
});

try {
  // Alice, the demo uploader the app seeds on an empty database.
  const alice = new Client(arca.url);
  const me = (await alice.request(
    'POST',
    '/api/auth/login',
    { email: 'alice@demo.arca', password: 'arca-demo' },
    200,
  )) as { id: string };

  // The record to read: the full record, metadata-only (so it publishes), without its DOI
  // (the draft below keeps it).
  const toPublish = (await alice.request(
    'POST',
    '/api/records',
    { ...fullRecord, files: { enabled: false }, pids: {} },
    201,
  )) as { id: string };
  await alice.request('POST', `/api/records/${toPublish.id}/draft/actions/publish`, {}, 202);
  const readUrl = `${arca.url}/api/records/${toPublish.id}`;
  const sample = await getJson(readUrl);

  // The drafts to save: the full record as is (files enabled, external DOI), one per
  // connection, as twenty uploaders each saving their own draft would.
  const draftUrls: string[] = [];
  for (let i = 0; i < draftCount; i++) {
    const draft = (await alice.request('POST', '/api/records', fullRecord, 201)) as { id: string };
    await alice.request('PUT', `/api/records/${draft.id}/draft`, fullRecord, 200);
    draftUrls.push(`${arca.url}/api/records/${draft.id}/draft`);
  }
  const draftBody = JSON.stringify(fullRecord);

  // PGlite takes one process at a time: seed over the app's own handle there.
  const seedStart = performance.now();
  if (arca.databaseUrl) {
    seedHandle = await openDatabase({ databaseUrl: arca.databaseUrl, dataDir: null });
  }
  await seedRecords(seedHandle?.db ?? arca.db, { count: recordCount, ownerId: Number(me.id) });
  await seedHandle?.close();
  seedHandle = undefined;
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const searchUrl = `${arca.url}/api/records?q=${SEARCH_WORD}&size=10`;
  const facetUrl = `${arca.url}/api/records?resource_type=${FACET_TYPE}&size=10`;
  const [all, searched, faceted] = await Promise.all([
    getJson(`${arca.url}/api/records?size=1`),
    getJson(searchUrl),
    getJson(facetUrl),
  ]);

  baseline = await startBaseline(5122, sample);
  const skipped: Measurement = {
    name: '',
    requestsPerSecond: NaN,
    p50: NaN,
    p99: NaN,
    errors: 0,
    appCpuMs: NaN,
    databaseCpuMs: NaN,
    loadCpuMs: NaN,
  };
  const base = !wanted('baseline')
    ? skipped
    : await measure('bare Fastify, same JSON from memory', {
        url: baseline.url,
        connections,
        seconds,
      });
  const read = !wanted('get')
    ? skipped
    : await measure('GET one published record', { url: readUrl, connections, seconds });
  const save = !wanted('put')
    ? skipped
    : await measure('PUT full draft (logged in)', {
        url: draftUrls,
        connections,
        seconds,
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          cookie: alice.headers.cookie!,
          'x-csrftoken': alice.headers['x-csrftoken']!,
        },
        body: draftBody,
      });
  const search = !wanted('search')
    ? skipped
    : await measure(`search q=${SEARCH_WORD}, size 10`, {
        url: searchUrl,
        connections,
        seconds,
      });
  const facet = !wanted('facet')
    ? skipped
    : await measure(`facet resource_type=${FACET_TYPE}, size 10`, {
        url: facetUrl,
        connections,
        seconds,
      });

  const cases: Measurement[] = [base, read, save, search, facet].filter((m) => m !== skipped);
  const ratio = (m: Measurement) => (m.requestsPerSecond / base.requestsPerSecond).toFixed(3);
  const count = (n: number) => n.toLocaleString('en');
  process.stdout.write(
    [
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${arca.database}`,
      `${connections} connections, ${seconds} s per case`,
      `${count(recordCount)} records seeded in ${seedSeconds.toFixed(1)} s; anonymous search sees ${count(totalOf(all))},` +
        ` q=${SEARCH_WORD} matches ${count(totalOf(searched))}, resource_type=${FACET_TYPE} ${count(totalOf(faceted))}`,
      '',
      table(cases),
      '',
      `GET record / baseline: ${ratio(read)}`,
      `search / baseline: ${ratio(search)}`,
      `facet / baseline: ${ratio(facet)}`,
      `draft save p99: ${save.p99} ms (target < ${draftTargetMs} ms: ${save.p99 < draftTargetMs ? 'met' : 'MISSED'})`,
      '',
    ].join('\n'),
  );
  const failed = cases.filter((m) => m.errors > 0);
  if (failed.length > 0) {
    process.stderr.write(`errors (non-2xx) in: ${failed.map((m) => m.name).join(', ')}\n`);
    process.exitCode = 1;
  }
} finally {
  await stop();
}
