import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const main = path.resolve(import.meta.dirname, '../../packages/server/src/main.ts');

// Linux reports process times in clock ticks; 100 per second on every kernel we run on.
const TICKS_PER_SECOND = 100;

/**
 * The real server as `npm start` runs it, in a process of its own so its memory and CPU
 * time can be read. `nodeArgs` go to Node itself (e.g. `--cpu-prof`); `main` runs another
 * checkout's server.
 */
export async function spawnArca(
  port: number,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; main?: string } = {},
) {
  // The database is the caller's choice alone, never a DATABASE_URL it happens to inherit.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.main ?? main], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      ARCA_SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // As `npm start` runs it: two malloc arenas, not one per thread that ever allocated
      // (the I/O and libuv threads' arenas kept 50 MB and more freed memory at rest).
      MALLOC_ARENA_MAX: inherited.MALLOC_ARENA_MAX ?? '2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
      // Past the start banner, what the server prints (warnings, --trace-gc) goes to stderr.
      else return;
      child.stdout.removeAllListeners('data');
      child.stdout.pipe(process.stderr);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    /** Resident memory of the server process now, in bytes (Linux). */
    rss(): number {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = /VmRSS:\s+(\d+)/.exec(status)?.[1] ?? '0';
      return Number(kib) * 1024;
    },
    /** CPU milliseconds (user + system, every thread) the server has used so far (Linux). */
    cpuMs(): number {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      // The command name sits in parentheses and may hold spaces; fields follow it.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Samples a process's RSS while `work` runs; returns the work's result and the peak. */
export async function withPeakRss<T>(
  rss: () => number,
  work: () => Promise<T>,
): Promise<{ result: T; before: number; peak: number }> {
  const before = rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, rss());
    return { result, before, peak };
  } finally {
    clearInterval(timer);
  }
}
