import { describe, expect, it } from 'vitest';
import { OpenFiles } from './open-files.ts';

/** A datasync whose calls the test sees and ends, one by one. */
function controlledSync() {
  const calls: { path: string; end(error?: Error): void }[] = [];
  const datasync = (path: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ path, end: (error) => (error ? reject(error) : resolve()) });
    });
  return { calls, datasync };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('open files (the write sessions of one file)', () => {
  it('runs the writes to a file one at a time, in the order they came', async () => {
    const files = new OpenFiles(() => Promise.resolve(), 1000);
    const file = files.open('/f');
    const log: string[] = [];
    let endFirst!: () => void;
    const first = file.write(1, async () => {
      log.push('first starts');
      await new Promise<void>((resolve) => (endFirst = resolve));
      log.push('first ends');
    });
    const second = file.write(1, () => {
      log.push('second starts');
      return Promise.resolve();
    });
    await tick();
    expect(log).toEqual(['first starts']);
    endFirst();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(log).toEqual(['first starts', 'first ends', 'second starts']);
  });

  it('goes on writing after a failed write, which its caller hears of', async () => {
    const files = new OpenFiles(() => Promise.resolve(), 1000);
    const file = files.open('/f');
    const failed = file.write(1, () => Promise.reject(new Error('disk full')));
    const next = file.write(1, () => Promise.resolve());
    await expect(failed).rejects.toThrow('disk full');
    expect(await next).toBe(1);
  });

  it('flushes in the background every so many bytes, and a covering flush spares the final one', async () => {
    const { calls, datasync } = controlledSync();
    const file = new OpenFiles(datasync, 100).open('/f');
    const write = (bytes: number) => file.write(bytes, () => Promise.resolve());
    await write(60);
    expect(calls).toHaveLength(0);
    const last = await write(60);
    expect(calls).toHaveLength(1);
    // No second background flush while one runs.
    await write(100);
    expect(calls).toHaveLength(1);
    calls[0]!.end();
    await tick();
    // That flush started after write 2: asking for it costs no new flush.
    await file.flushed(last);
    expect(calls).toHaveLength(1);
    // Write 3 came after it started: it needs one.
    const flushed = file.flushed(3);
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.end();
    await flushed;
  });

  it('has those who ask during a flush share the next one', async () => {
    const { calls, datasync } = controlledSync();
    const files = new OpenFiles(datasync, 1e9);
    const file = files.open('/f');
    files.open('/f');
    const first = await file.write(10, () => Promise.resolve());
    const one = file.flushed(first);
    const second = await file.write(10, () => Promise.resolve());
    const two = file.flushed(second);
    const three = file.flushed(second);
    await tick();
    // The running flush may have missed write 2: the other two wait for the next one.
    expect(calls).toHaveLength(1);
    calls[0]!.end();
    await one;
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.end();
    await Promise.all([two, three]);
    expect(calls).toHaveLength(2);
  });

  it('never vouches for a file again after a failed flush', async () => {
    const { calls, datasync } = controlledSync();
    const file = new OpenFiles(datasync, 100).open('/f');
    const before = await file.write(100, () => Promise.resolve());
    expect(calls).toHaveLength(1);
    calls[0]!.end(new Error('EIO'));
    await tick();
    await expect(file.flushed(before)).rejects.toThrow('EIO');
    // Writers hear of it with their next write, not only at their end.
    expect(() => file.checkFlushes()).toThrow('EIO');
    // A later flush might succeed, but the pages that failed may be lost: still an error.
    const after = await file.write(1, () => Promise.resolve());
    await expect(file.flushed(after)).rejects.toThrow('EIO');
    expect(calls).toHaveLength(1);
  });

  it('forgets a file with its last session, and starts afresh', async () => {
    const { calls, datasync } = controlledSync();
    const files = new OpenFiles(datasync, 100);
    const first = files.open('/f');
    const again = files.open('/f');
    expect(again).toBe(first);
    await first.write(100, () => Promise.resolve());
    calls[0]!.end(new Error('EIO'));
    await tick();
    files.close(first);
    expect(files.open('/f')).toBe(first);
    files.close(first);
    files.close(first);
    const fresh = files.open('/f');
    expect(fresh).not.toBe(first);
    const write = await fresh.write(1, () => Promise.resolve());
    const flushed = fresh.flushed(write);
    await tick();
    calls[1]!.end();
    await expect(flushed).resolves.toBeUndefined();
  });
});
