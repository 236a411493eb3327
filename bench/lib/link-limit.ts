import { execFileSync } from 'node:child_process';

/**
 * Limits the machine's loopback to `rate` (tc's units: "1gbit") with a token
 * bucket, so that an upload to a server on this machine crosses a link as it
 * would on a network. Linux, as root, with iproute2's tc; a loopback with a
 * queueing discipline of its own is left alone. Returns the undo.
 */
export function limitLoopback(rate: string): () => void {
  const current = execFileSync('tc', ['qdisc', 'show', 'dev', 'lo'], { encoding: 'utf8' });
  if (!/^qdisc noqueue /.test(current)) {
    throw new Error(`the loopback has a queueing discipline already: ${current.trim()}`);
  }
  // The burst holds a few of loopback's 64 KiB segments; the latency bounds the queue.
  execFileSync('tc', [
    'qdisc',
    'add',
    'dev',
    'lo',
    'root',
    'tbf',
    'rate',
    rate,
    'burst',
    '2mb',
    'latency',
    '20ms',
  ]);
  let undone = false;
  const undo = () => {
    if (undone) return;
    undone = true;
    execFileSync('tc', ['qdisc', 'del', 'dev', 'lo', 'root']);
  };
  process.once('exit', undo);
  process.once('SIGINT', () => {
    undo();
    process.exit(130);
  });
  return undo;
}
