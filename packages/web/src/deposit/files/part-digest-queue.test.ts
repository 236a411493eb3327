import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DigestReply } from './file-digests.ts';
import { createPartDigestQueue } from './part-digest-queue.ts';

const bytes = randomBytes(10_240);
const digest = (algorithm: string, data: Buffer, encoding: 'hex' | 'base64' = 'hex') =>
  createHash(algorithm).update(data).digest(encoding);

describe("an upload's part digests", () => {
  it("answers each part's Content-MD5 (and SHA-256 when asked), handing its bytes on", async () => {
    const replies: DigestReply[] = [];
    const handed: [number, string][] = [];
    // Slices of 1500 bytes: a part without SHA-256 is read and handed on a slice at a time.
    const queue = createPartDigestQueue((message) => replies.push(message), 1500);
    queue.setFile(new Blob([bytes]));
    queue.handOnTo((start, part) => handed.push([start, Buffer.from(part).toString('hex')]));
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

  it('answers an error once a part cannot be read, and nothing more', async () => {
    const replies: DigestReply[] = [];
    const queue = createPartDigestQueue((message) => replies.push(message));
    const unreadable = new Blob([bytes]);
    unreadable.slice = () => {
      throw new Error('the file is gone');
    };
    queue.setFile(unreadable);
    await queue.request({ type: 'part', id: 1, start: 0, end: 4000, sha256: false });
    await queue.request({ type: 'part', id: 2, start: 4000, end: 8000, sha256: false });
    expect(replies).toEqual([{ error: 'Error: the file is gone' }]);
  });
});
