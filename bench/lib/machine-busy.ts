import { readFileSync } from 'node:fs';

/** Busy and total jiffies of the whole machine, from /proc/stat's first line. */
function machineJiffies(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle, iowait
  return { busy: total - idle, total };
}

/**
 * Samples how many of the machine's cores are busy, every `everyMs`, until
 * stopped: where an upload leaves cores idle, and when.
 */
export function sampleBusyCores(cores: number, everyMs = 250) {
  const samples: number[] = [];
  let last = machineJiffies();
  const timer = setInterval(() => {
    const now = machineJiffies();
    const total = now.total - last.total;
    samples.push(total ? ((now.busy - last.busy) / total) * cores : 0);
    last = now;
  }, everyMs);
  return {
    /** Busy cores per sample, one line of `everyMs` steps. */
    stop(): string {
      clearInterval(timer);
      return samples.map((busy) => busy.toFixed(1)).join(' ');
    },
  };
}
