import { readFileSync, readdirSync } from 'node:fs';

// Where a browser's CPU goes, thread by thread, from Linux's /proc (empty elsewhere).

const TICKS_PER_SECOND = 100;

function stat(path: string): { name: string; fields: string[] } | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    // The name sits in parentheses and may hold spaces; fields follow it.
    const close = text.lastIndexOf(')');
    return {
      name: text.slice(text.indexOf('(') + 1, close),
      fields: text.slice(close + 2).split(' '),
    };
  } catch {
    return undefined; // Ended while we looked.
  }
}

const numeric = (path: string) => {
  try {
    return readdirSync(path).filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
};

/** The processes below `root` (its children, theirs, ...). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of numeric('/proc')) {
    const parent = Number(stat(`/proc/${pid}/stat`)?.fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(pid)]);
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

function processType(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    return args.find((a) => a.startsWith('--type='))?.slice(7) ?? 'browser';
  } catch {
    return 'gone';
  }
}

/**
 * CPU seconds so far of every thread of the processes below `root` (this
 * process's Chromium), keyed "process type/thread name", threads of a name summed.
 */
export function browserThreadCpu(root = process.pid): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const pid of descendants(root)) {
    const type = processType(pid);
    if (type === 'gone') continue;
    // The process's own line counts its threads that ended too (a terminated worker).
    const whole = stat(`/proc/${pid}/stat`);
    if (whole) {
      const used = (Number(whole.fields[11]) + Number(whole.fields[12])) / TICKS_PER_SECOND;
      seconds.set(`${type} (all)`, (seconds.get(`${type} (all)`) ?? 0) + used);
    }
    for (const tid of numeric(`/proc/${pid}/task`)) {
      const thread = stat(`/proc/${pid}/task/${tid}/stat`);
      if (!thread) continue;
      const key = `${type}/${thread.name.replace(/\d+$/, '')}`;
      const used = (Number(thread.fields[11]) + Number(thread.fields[12])) / TICKS_PER_SECOND;
      seconds.set(key, (seconds.get(key) ?? 0) + used);
    }
  }
  return seconds;
}

/** What each thread used between two readings (threads started between count from 0). */
export function cpuBetween(before: Map<string, number>, after: Map<string, number>) {
  const used = new Map<string, number>();
  for (const [key, value] of after) {
    const spent = value - (before.get(key) ?? 0);
    if (spent >= 0.05) used.set(key, spent);
  }
  return used;
}
