import { readFileSync, readdirSync } from 'node:fs';

// Linux reports process times in clock ticks; 100 per second on every kernel we run on.
const TICKS_PER_SECOND = 100;

/** CPU milliseconds used so far by every PostgreSQL process of this machine (0 elsewhere). */
function databaseCpuMs(): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name sits in parentheses and may hold spaces; fields follow it.
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // The process ended while we looked.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU time spent by this process (the app under test) and by the database while
 * `run` goes on. Unlike latency, it hardly depends on what else the machine is doing,
 * so it compares runs made at different times.
 */
export async function cpuDuring<T>(run: () => Promise<T>) {
  const app = process.cpuUsage();
  const database = databaseCpuMs();
  const result = await run();
  const used = process.cpuUsage(app);
  return {
    result,
    appMs: (used.user + used.system) / 1000,
    databaseMs: databaseCpuMs() - database,
  };
}
