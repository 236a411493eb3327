import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type autocannon from 'autocannon';
import { cpuDuring } from './cpu.ts';

const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** Runs autocannon in a process of its own, so the load does not share the server's event loop. */
function runAutocannon(args: string[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--json', ...args], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as autocannon.Result);
      else reject(new Error(`autocannon exited with ${code}`));
    });
  });
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per request in the app's process and in PostgreSQL. */
  appCpuMs: number;
  databaseCpuMs: number;
}

/** Load one URL with autocannon for a fixed time and keep what we report. */
export async function measure(
  name: string,
  options: {
    url: string;
    connections: number;
    seconds: number;
    method?: 'GET' | 'PUT';
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<Measurement> {
  const args = ['-c', String(options.connections), '-d', String(options.seconds)];
  args.push('-m', options.method ?? 'GET');
  for (const [key, value] of Object.entries(options.headers ?? {}))
    args.push('-H', `${key}=${value}`);
  if (options.body) args.push('-b', options.body);
  const { result, appMs, databaseMs } = await cpuDuring(() =>
    runAutocannon([...args, options.url]),
  );
  const requests = Math.max(result.requests.total, 1);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    appCpuMs: appMs / requests,
    databaseCpuMs: databaseMs / requests,
  };
}

export function table(rows: Measurement[]): string {
  const lines = [
    '| case | req/s | p50 ms | p99 ms | errors | app CPU ms/req | PostgreSQL CPU ms/req |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.appCpuMs.toFixed(2)} | ${row.databaseCpuMs.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}
