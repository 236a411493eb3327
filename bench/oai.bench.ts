// Exports through OAI-PMH against the plain JSON search, in the same run (issue 20):
// every public record through ListRecords (oai_datacite), through the search API in
// DataCite JSON and in plain JSON, each as records per second and the server's peak
// memory (the server runs in this process). Target: OAI at least half the JSON rate.
import { openDatabase, type DatabaseHandle } from '../packages/server/src/db/client.ts';
import { seedRecords } from './lib/seed-records.ts';
import { withPeakRss } from './lib/server-process.ts';
import { startArca } from './lib/servers.ts';

const recordCount = Number(process.env.BENCH_RECORDS ?? 10_000);
const MB = 1024 * 1024;

const arca = await startArca(5131);
let seedHandle: DatabaseHandle | undefined;

interface Case {
  name: string;
  records: number;
  seconds: number;
  /** The process's CPU time (server and PGlite run in it): steadier than wall time on a busy machine. */
  cpuSeconds: number;
  peakMb: number;
}

async function timed(name: string, walk: () => Promise<number>): Promise<Case> {
  global.gc?.();
  const start = performance.now();
  const cpu = process.cpuUsage();
  const { result, peak } = await withPeakRss(() => process.memoryUsage().rss, walk);
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - start) / 1000;
  const cpuSeconds = (used.user + used.system) / 1e6;
  return { name, records: result, seconds, cpuSeconds, peakMb: peak / MB };
}

let walks = 0;

/**
 * Pages of the search API, 1,000 records each, until all are read. Each walk asks
 * with its own `pass`, so that no page comes from the anonymous search cache.
 */
async function searchWalk(accept: string): Promise<number> {
  let received = 0;
  walks += 1;
  for (let page = 1; page * 1000 <= 10_000; page += 1) {
    const url = `${arca.url}/api/records?size=1000&page=${page}&sort=oldest&pass=${walks}`;
    const response = await fetch(url, {
      headers: { accept },
    });
    if (response.status !== 200) throw new Error(`search ${accept}: ${response.status}`);
    const body = (await response.json()) as { hits?: { hits: unknown[] } } | unknown[];
    const hits = Array.isArray(body) ? body : (body.hits?.hits ?? []);
    received += hits.length;
    if (hits.length < 1000) break;
  }
  return received;
}

/** A whole ListRecords harvest, following resumption tokens. */
async function oaiWalk(): Promise<number> {
  let received = 0;
  let query = 'verb=ListRecords&metadataPrefix=oai_datacite';
  for (;;) {
    const response = await fetch(`${arca.url}/oai2d?${query}`);
    const text = await response.text();
    if (response.status !== 200 || text.includes('<error')) throw new Error(text.slice(0, 500));
    received += text.split('<record>').length - 1;
    const token = /<resumptionToken[^>]*>([^<]+)</.exec(text)?.[1];
    if (!token) return received;
    query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;
  }
}

try {
  const login = await fetch(`${arca.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'alice@demo.arca', password: 'arca-demo' }),
  });
  const me = (await login.json()) as { id: string };
  if (arca.databaseUrl) {
    seedHandle = await openDatabase({ databaseUrl: arca.databaseUrl, dataDir: null });
  }
  await seedRecords(seedHandle?.db ?? arca.db, {
    count: recordCount,
    ownerId: Number(me.id),
    dois: true,
  });

  // A first pass of each warms the caches and the JIT; the second is measured.
  await searchWalk('application/json');
  await oaiWalk();
  const cases = [
    await timed('Search API, JSON', () => searchWalk('application/json')),
    await timed('Search API, DataCite JSON', () =>
      searchWalk('application/vnd.datacite.datacite+json'),
    ),
    await timed('OAI-PMH ListRecords, oai_datacite', oaiWalk),
  ];
  const json = cases[0]!;
  console.log(`\n${arca.database}, ${recordCount} records seeded\n`);
  console.log(
    '| case | records | s | records/s | vs JSON | CPU s | records/CPU s | vs JSON (CPU) | peak RSS |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const c of cases) {
    const rate = c.records / c.seconds;
    const ratio = rate / (json.records / json.seconds);
    const cpuRate = c.records / c.cpuSeconds;
    const cpuRatio = cpuRate / (json.records / json.cpuSeconds);
    console.log(
      `| ${c.name} | ${c.records} | ${c.seconds.toFixed(1)} | ${rate.toFixed(0)} | ${ratio.toFixed(2)} | ${c.cpuSeconds.toFixed(1)} | ${cpuRate.toFixed(0)} | ${cpuRatio.toFixed(2)} | ${c.peakMb.toFixed(0)} MB |`,
    );
  }
} finally {
  await seedHandle?.close();
  await arca.close();
}
