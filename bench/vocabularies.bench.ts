// Reading and searching vocabularies, as a ratio to a bare Fastify route that
// answers the same JSON from memory, measured in the same run.
//   node bench/vocabularies.bench.ts            (PGlite)
//   DATABASE_URL=postgres://... node bench/vocabularies.bench.ts
import os from 'node:os';
import { measure, table } from './lib/measure.ts';
import { startArca, startBaseline } from './lib/servers.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;
const arca = await startArca(5101);
const readUrl = `${arca.url}/api/vocabularies/licenses/cc-by-4.0`;
const searchUrl = `${arca.url}/api/vocabularies/languages?suggest=ger&size=10`;
const sample = (await (await fetch(readUrl)).json()) as unknown;
const baseline = await startBaseline(5102, sample);

try {
  const base = await measure('bare Fastify, same JSON from memory', {
    url: baseline.url,
    connections,
    seconds,
  });
  const read = await measure('GET one licence', { url: readUrl, connections, seconds });
  const search = await measure('suggest over 7,867 languages', {
    url: searchUrl,
    connections,
    seconds,
  });
  const ratio = (m: { requestsPerSecond: number }) =>
    (m.requestsPerSecond / base.requestsPerSecond).toFixed(2);
  process.stdout.write(
    [
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${arca.database}`,
      `${connections} connections, ${seconds} s per case`,
      '',
      table([base, read, search]),
      '',
      `GET licence / baseline: ${ratio(read)}`,
      `suggest / baseline: ${ratio(search)}`,
      '',
    ].join('\n'),
  );
} finally {
  await arca.close();
  await baseline.close();
}
