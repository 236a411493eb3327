import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileDigests } from './file-digests.ts';

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');
const MiB = 1024 * 1024;

/** A file whose first bytes are slow to read (a slow disk, a large part), and that logs its reads. */
function slowStart(bytes: Uint8Array<ArrayBuffer>, log: string[]): Blob {
  const file = new Blob([bytes]);
  file.slice = (start?: number, end?: number) => {
    const part = Blob.prototype.slice.call(file, start, end);
    log.push(`read ${start}`);
    const read = () => Blob.prototype.arrayBuffer.call(part);
    part.arrayBuffer = async () => {
      if (start === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const buffer = await read();
      log.push(`read ${start} done`);
      return buffer;
    };
    return part;
  };
  return file;
}

describe('upload digests where no worker runs', () => {
  it('digests parts on the page one after another, in the order asked, and leaves the file unhashed', async () => {
    expect(typeof Worker).toBe('undefined');
    const bytes = new Uint8Array(2 * MiB + 10).map((_, i) => i % 251);
    const log: string[] = [];
    const digests = fileDigests(slowStart(bytes, log));
    const first = digests.part(0, 2 * MiB, false).then((d) => (log.push('first'), d));
    const second = digests.part(2 * MiB, bytes.length, false).then((d) => (log.push('second'), d));
    expect(await first).toEqual({ md5: md5(bytes.subarray(0, 2 * MiB)) });
    expect(await second).toEqual({ md5: md5(bytes.subarray(2 * MiB)) });
    // The second part, quicker to read, is read only once the first is answered: one part in
    // memory at a time, and parts finish in order.
    expect(log).toEqual([
      'read 0',
      'read 0 done',
      'first',
      `read ${2 * MiB}`,
      `read ${2 * MiB} done`,
      'second',
    ]);
    expect(await digests.sha256()).toBeUndefined();
  });
});

/** A worker that keeps what the page posts to it, and fails when told. */
class FakeWorker {
  static made: FakeWorker[] = [];
  posted: unknown[] = [];
  onerror: (() => void) | null = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {}
}

describe('upload digests in workers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it("tells the file's worker which parts come, and when none come any more", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const bytes = new Uint8Array(3000).map((_, i) => i % 251);
    const digests = fileDigests(new Blob([bytes]));
    const answer = digests.part(0, 2000, false);
    const [hashing, parts] = FakeWorker.made;
    const types = () => hashing!.posted.map((message) => (message as { type: string }).type);
    // The part worker lends the part's bytes: the file's worker waits for them.
    expect(types()).toEqual(['file', 'digest', 'take', 'coming']);
    expect(hashing!.posted.at(-1)).toEqual({ type: 'coming', start: 0, end: 2000 });
    // The part worker fails: the page digests the part, and the file's worker reads it itself.
    parts!.onerror?.();
    expect(hashing!.posted.at(-1)).toEqual({ type: 'parts-stopped' });
    expect(await answer).toEqual({ md5: md5(bytes.subarray(0, 2000)) });
    // Later parts are digested on the page, and not announced.
    await digests.part(2000, 3000, false);
    expect(types().at(-1)).toBe('parts-stopped');
  });
});
