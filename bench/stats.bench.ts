// Usage statistics' cost, in one run: a 1 MiB file download and an anonymous
// record read at 20 clients, on a server counting views and downloads and on
// one that does not (ARCA_STATS=false), interleaved over BENCH_ROUNDS rounds;
// medians and the ratio counting/not counting (target: at least 0.95).
// The counting server aggregates every 5 seconds (BENCH_AGGREGATE_SECONDS), so counting's
// whole cost is in.
//   node bench/stats.bench.ts                          (PGlite)
//   DATABASE_URL=postgres://... node bench/stats.bench.ts
import { measure, table, type Measurement } from './lib/measure.ts';
import { startArca } from './lib/servers.ts';
import { seedStatsRecord } from './lib/stats-record.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
// BENCH_CASES=read runs only that case; BENCH_AGGREGATE_SECONDS: how often the counting server counts.
const kinds = (process.env.BENCH_CASES ?? 'download,read').split(',') as ('download' | 'read')[];
const aggregateSeconds = process.env.BENCH_AGGREGATE_SECONDS ?? '5';
const connections = 20;
// Robots are not counted: the load comes as a browser.
const headers = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
};

async function server(port: number, counting: boolean) {
  process.env.ARCA_STATS = String(counting);
  process.env.ARCA_STATS_AGGREGATE_SECONDS = aggregateSeconds;
  const arca = await startArca(port);
  return { arca, urls: await seedStatsRecord(arca.url) };
}

const on = await server(5725, true);
const off = await server(5726, false);
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  const results: Record<string, Measurement[]> = {};
  for (let round = 0; round < rounds; round++) {
    for (const kind of kinds) {
      for (const [label, target] of [
        ['on', on],
        ['off', off],
      ] as const) {
        const name = `${kind}, counting ${label}`;
        const url = target.urls[kind];
        (results[name] ??= []).push(await measure(name, { url, connections, seconds, headers }));
      }
    }
  }
  const rows = Object.entries(results).map(([name, runs]) => {
    const best = runs.find(
      (run) => run.requestsPerSecond === median(runs.map((r) => r.requestsPerSecond)),
    )!;
    return { ...best, name };
  });
  console.log(
    `${on.arca.database}, ${connections} clients, ${seconds} s × ${rounds} rounds (medians)`,
  );
  console.log(table(rows));
  for (const kind of kinds) {
    const rate = (label: string) => rows.find((r) => r.name === `${kind}, counting ${label}`)!;
    const ratio = rate('on').requestsPerSecond / rate('off').requestsPerSecond;
    console.log(`${kind}: counting on / off = ${ratio.toFixed(3)}`);
  }
} finally {
  await on.arca.close();
  await off.arca.close();
}
