// Usage statistics at volume: 10 million generated events (BENCH_EVENTS) over the
// last 30 days, counted by the real aggregation, timed (1) as one backlog and
// (2) in steady state, a run counting the day's new events after all the rest
// are counted. Meanwhile one client reads the published record (its JSON
// carries `stats`): p95 during each aggregation against p95 with nothing running,
// anonymous (answer cache) and signed in (no answer cache), in the same run.
//   node bench/stats-aggregation.bench.ts   (PostgreSQL: DATABASE_URL, default the local server)
import pg from 'pg';
import { latency, type Latency } from './lib/clients.ts';
import { startArca } from './lib/servers.ts';
import { seedStatsRecord } from './lib/stats-record.ts';

const events = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const newEvents = Number(process.env.BENCH_NEW_EVENTS ?? 10_000);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
// The bench starts each aggregation itself.
process.env.ARCA_STATS_AGGREGATE_SECONDS = '86400';

const arca = await startArca(5727);
const sql = new pg.Client({ connectionString: arca.databaseUrl });
await sql.connect();

/**
 * `count` events, one row per request (as the recorder writes them, without double
 * clicks): 20,000 record versions of 5,000 parents, 300,000 visitors, 70 % views,
 * the benchmark's own record in 1 %; evenly spread over the last `hours`, written in time
 * order as they arrive.
 */
async function generate(count: number, hours: number, subject: { id: string; parentId: string }) {
  const chunk = 1_000_000;
  for (let done = 0; done < count; done += chunk) {
    await sql.query(
      `INSERT INTO stats_events (kind, record_id, parent_id, visitor, file_key, bytes, at, last_at)
       SELECT CASE WHEN view THEN 'view' ELSE 'download' END,
         CASE WHEN own THEN $1 ELSE 'rec' || (n % 20000) END,
         CASE WHEN own THEN $2 ELSE 'par' || (n % 5000) END,
         md5((random() * 300000)::int::text),
         CASE WHEN view THEN '' ELSE 'data.bin' END,
         CASE WHEN view THEN 0 ELSE 1048576 END,
         at, at
       FROM (SELECT n, random() < 0.7 AS view, random() < 0.01 AS own,
               now() - ($3::float8 - n::float8 * $3 / $6) * interval '1 hour' AS at
             FROM generate_series($4::int, $5::int) AS n) AS g
       ORDER BY at`,
      [subject.id, subject.parentId, hours, done, Math.min(done + chunk, count) - 1, count],
    );
  }
}

/** Reads at one client until `work` ends (at least `minSamples`), with `work`'s time. */
async function readsDuring(read: () => Promise<unknown>, work: () => Promise<unknown>) {
  let running = true;
  const started = performance.now();
  const done = work().finally(() => (running = false));
  const samples: number[] = [];
  while (running || samples.length < 30) {
    const start = performance.now();
    await read();
    samples.push(performance.now() - start);
  }
  await done;
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.ceil((p / 100) * samples.length) - 1]!;
  return { ms: performance.now() - started, samples: samples.length, p50: at(50), p95: at(95) };
}

const row = (name: string, r: { samples: number; p50: number; p95: number }) =>
  `| ${name} | ${r.samples} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`;

try {
  const record = await seedStatsRecord(arca.url);
  const anonymous = async () => (await fetch(record.read)).arrayBuffer();
  const signedIn = async () =>
    (await fetch(record.read, { headers: { cookie: record.cookie } })).arrayBuffer();
  const idle = async (): Promise<[Latency, Latency]> => [
    await latency(anonymous, { seconds: 5, maxSamples: 2000, minSamples: 100 }),
    await latency(signedIn, { seconds: 5, maxSamples: 2000, minSamples: 100 }),
  ];

  let start = performance.now();
  await generate(events, 30 * 24, record);
  await sql.query('ANALYZE stats_events');
  console.log(`${events} events generated in ${((performance.now() - start) / 1000).toFixed(0)} s`);

  const [idleAnonymous, idleSignedIn] = await idle();
  const backlog = await readsDuring(signedIn, () => arca.services.stats.aggregate());
  const counted = await sql.query<{ n: string }>(
    `SELECT views + downloads AS n FROM stats_totals WHERE subject_id = $1`,
    [record.parentId],
  );

  // What autovacuum does after so large an update, before the next run comes.
  await sql.query('VACUUM ANALYZE stats_events');
  await generate(newEvents, 1, record);
  const steadySignedIn = await readsDuring(signedIn, () => arca.services.stats.aggregate());
  await generate(newEvents, 1, record);
  const steadyAnonymous = await readsDuring(anonymous, () => arca.services.stats.aggregate());
  const [afterAnonymous, afterSignedIn] = await idle();

  const shown = (await (await fetch(record.read)).json()) as {
    stats: { all_versions: { views: number; downloads: number } };
  };
  start = performance.now();
  console.log(
    `\n${events} events (PostgreSQL), aggregation: backlog ${(backlog.ms / 1000).toFixed(1)} s,` +
      ` ${newEvents} new events of today ${(steadySignedIn.ms / 1000).toFixed(2)} s and ` +
      `${(steadyAnonymous.ms / 1000).toFixed(2)} s; the record's parent counted ${counted.rows[0]?.n}` +
      ` requests after the backlog, shows ${shown.stats.all_versions.views} views and ` +
      `${shown.stats.all_versions.downloads} downloads at the end\n`,
  );
  console.log('| GET /api/records/{id}, 1 client | samples | p50 ms | p95 ms |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(row('anonymous, idle (before)', idleAnonymous));
  console.log(row('anonymous, idle (after)', afterAnonymous));
  console.log(row('anonymous, during a steady-state aggregation', steadyAnonymous));
  console.log(row('signed in, idle (before)', idleSignedIn));
  console.log(row('signed in, idle (after)', afterSignedIn));
  console.log(row('signed in, during the backlog aggregation', backlog));
  console.log(row('signed in, during a steady-state aggregation', steadySignedIn));
} finally {
  await sql.end();
  await arca.close();
}
