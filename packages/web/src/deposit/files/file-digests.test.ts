import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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
