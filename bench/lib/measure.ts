import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { cpuDuring } from './cpu.ts';
import type { LoadOptions } from './load.ts';

const loadScript = fileURLToPath(new URL('./load.ts', import.meta.url));

type LoadResult = autocannon.Result & { cpuMs: number };

/** Runs the load in a process of its own, so it does not share the server's event loop. */
function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [loadScript, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as LoadResult);
      else reject(new Error(`the load generator exited with ${code}`));
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
  /** CPU milliseconds per request of the load generator, on the same cores. */
  loadCpuMs: number;
}

/** Load before each measurement, not counted: JIT compilation and the pool's connections warm up. */
const WARM_UP_SECONDS = 2;

/**
 * Load a URL with autocannon for a fixed time and keep what we report. With several
 * URLs, the connections share them out, one URL each (connection i loads urls[i % n]).
 */
export async function measure(
  name: string,
  options: {
    url: string | string[];
    connections: number;
    seconds: number;
    method?: 'GET' | 'PUT';
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<Measurement> {
  const load: LoadOptions = {
    urls: typeof options.url === 'string' ? [options.url] : options.url,
    connections: options.connections,
    seconds: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
  };
  await runLoad({ ...load, seconds: WARM_UP_SECONDS });
  const { result, appMs, databaseMs } = await cpuDuring(() => runLoad(load));
  const requests = Math.max(result.requests.total, 1);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    appCpuMs: appMs / requests,
    databaseCpuMs: databaseMs / requests,
    loadCpuMs: result.cpuMs / requests,
  };
}

export function table(rows: Measurement[]): string {
  const lines = [
    '| case | req/s | p50 ms | p99 ms | errors | app CPU ms/req | PostgreSQL CPU ms/req | load generator CPU ms/req |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.appCpuMs.toFixed(2)} | ${row.databaseCpuMs.toFixed(2)} | ${row.loadCpuMs.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}
