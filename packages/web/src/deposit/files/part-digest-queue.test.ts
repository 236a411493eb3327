import { Blob } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DigestReply } from './file-digests.ts';
import { createPartDigestQueue } from './part-digest-queue.ts';

const bytes = randomBytes(10_240);
// Node's Blob has a byte stream, as browsers' have (jsdom's has none).
const file = new Blob([bytes]) as unknown as globalThis.Blob;
const digest = (algorithm: string, data: Buffer, encoding: 'hex' | 'base64' = 'hex') =>
  createHash(algorithm).update(data).digest(encoding);

describe("an upload's part digests", () => {
  it("answers each part's Content-MD5 (and SHA-256 when asked), handing its bytes on", async () => {
    const replies: DigestReply[] = [];
    const handed: [number, string][] = [];
    // Slices of 1500 bytes: a part without SHA-256 is read and handed on a slice at a time.
    const queue = createPartDigestQueue((message) => replies.push(message), {
      slice: 1500,
      lent: 1 << 20,
    });
    queue.setFile(file);
    queue.handOnTo({
      lend(start, part) {
        handed.push([start, Buffer.from(part).toString('hex')]);
        // Sent to the file's worker, the buffer is transferred: gone from here.
        structuredClone(part.buffer, { transfer: [part.buffer] });
      },
      unlent: () => expect.unreachable('all is lent'),
    });
    void queue.request({ type: 'part', id: 2, start: 4000, end: 8000, sha256: true });
    await queue.request({ type: 'part', id: 1, start: 0, end: 4000, sha256: false });
    expect(replies).toEqual([
      {
        id: 2,
        md5: digest('md5', bytes.subarray(4000, 8000), 'base64'),
        sha256: digest('sha256', bytes.subarray(4000, 8000)),
      },
      { id: 1, md5: digest('md5', bytes.subarray(0, 4000), 'base64') },
    ]);
    const hex = (from: number, to: number) => bytes.subarray(from, to).toString('hex');
    expect(handed).toEqual([
      [4000, hex(4000, 8000)],
      [0, hex(0, 1500)],
      [1500, hex(1500, 3000)],
      [3000, hex(3000, 4000)],
    ]);
    expect(queue.state().bytesRead).toBe(8000);
  });

  it('lends no more than its budget, and reads into the buffers given back', async () => {
    const lent: Uint8Array<ArrayBuffer>[] = [];
    const unlent: [number, number][] = [];
    const queue = createPartDigestQueue(() => undefined, { slice: 1500, lent: 3000 });
    queue.setFile(file);
    queue.handOnTo({
      lend: (_, part) => lent.push(part),
      unlent: (start, end) => unlent.push([start, end]),
    });
    // Three slices: two are lent, the third stays here (the budget is spent), and is said so.
    await queue.request({ type: 'part', id: 1, start: 0, end: 4000, sha256: false });
    expect(lent.map((part) => part.length)).toEqual([1500, 1500]);
    expect(unlent).toEqual([[3000, 4000]]);
    expect(queue.state()).toMatchObject({ lentBytes: 3000, spare: 1 });
    // Both given back: the next part reads into them and lends again.
    for (const part of lent) queue.giveBack(part.buffer);
    expect(queue.state()).toMatchObject({ lentBytes: 0, spare: 3 });
    await queue.request({ type: 'part', id: 2, start: 4000, end: 7000, sha256: false });
    expect(lent.slice(2).map((part) => [part.byteOffset, part.length])).toEqual([
      [0, 1500],
      [0, 1500],
    ]);
    // The buffers given back were read into (a stream takes a buffer over: the old handle is detached).
    expect(lent.slice(0, 2).map((part) => part.buffer.byteLength)).toEqual([0, 0]);
    expect(queue.state()).toMatchObject({ lentBytes: 3000, spare: 1, bytesRead: 7000 });
  });

  it('answers an error once a part cannot be read, and nothing more', async () => {
    const replies: DigestReply[] = [];
    const queue = createPartDigestQueue((message) => replies.push(message));
    const unreadable = new Blob([bytes]) as unknown as globalThis.Blob;
    unreadable.slice = () => {
      throw new Error('the file is gone');
    };
    queue.setFile(unreadable);
    await queue.request({ type: 'part', id: 1, start: 0, end: 4000, sha256: false });
    await queue.request({ type: 'part', id: 2, start: 4000, end: 8000, sha256: false });
    expect(replies).toEqual([{ error: 'Error: the file is gone' }]);
  });
});
