// Exporting through the search API: every page of an anonymous search over
// BENCH_RECORDS (default 10,000) published records, read as plain JSON and as
// DataCite JSON in alternate rounds of the same run; records per second of each,
// their ratio (target: DataCite JSON at least 0.5 of JSON), and the server's
// resident memory before and after (the server runs in this process).
//   node bench/exports.bench.ts            (PGlite)
//   DATABASE_URL=postgres://... node bench/exports.bench.ts
import { openDatabase, type DatabaseHandle } from '../packages/server/src/db/client.ts';
import { seedRecords } from './lib/seed-records.ts';
import { startArca } from './lib/servers.ts';

const recordCount = Number(process.env.BENCH_RECORDS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const pageSize = 500;
const FORMATS = {
  json: 'application/json',
  'datacite-json': 'application/vnd.datacite.datacite+json',
} as const;

const arca = await startArca(5131);
let seedHandle: DatabaseHandle | undefined;
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
  await seedHandle?.close();
  seedHandle = undefined;

  /** Reads every page of the search in a format; answers how many records it got. */
  async function walk(type: string): Promise<number> {
    let read = 0;
    for (let page = 1; ; page++) {
      const url = `${arca.url}/api/records?size=${pageSize}&page=${page}&sort=newest`;
      const response = await fetch(url, { headers: { accept: type } });
      if (response.status === 400) break; // past the result window
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      const body = (await response.json()) as unknown;
      const hits = Array.isArray(body)
        ? body.length
        : (body as { hits: { hits: unknown[] } }).hits.hits.length;
      read += hits;
      if (hits < pageSize) break;
    }
    return read;
  }

  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const perSecond: Record<string, number[]> = { json: [], 'datacite-json': [] };
  for (let round = 0; round <= rounds; round++) {
    for (const [name, type] of Object.entries(FORMATS)) {
      const start = performance.now();
      const read = await walk(type);
      const seconds = (performance.now() - start) / 1000;
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      if (round > 0) perSecond[name]!.push(read / seconds); // round 0 warms up
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const json = median(perSecond.json!);
  const datacite = median(perSecond['datacite-json']!);
  const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;
  process.stdout.write(
    [
      `Search API export, ${recordCount} records seeded, ${arca.database}, pages of ${pageSize}, median of ${rounds} rounds`,
      `  JSON           ${json.toFixed(0)} records/s`,
      `  DataCite JSON  ${datacite.toFixed(0)} records/s`,
      `  ratio          ${(datacite / json).toFixed(2)} (target >= 0.5)`,
      `  server RSS     ${mb(rssBefore)} before, ${mb(rssPeak)} peak`,
      '',
    ].join('\n'),
  );
} finally {
  await seedHandle?.close();
  await arca.close();
}
