import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDigestQueue, type DigestLimits } from './digest-queue.ts';
import type { DigestReply } from './file-digests.ts';

const bytes = randomBytes(10_240);
const file = new Blob([bytes]);
const digest = (algorithm: string, data: Buffer, encoding: 'hex' | 'base64' = 'hex') =>
  createHash(algorithm).update(data).digest(encoding);
/** Parts of 4000 bytes, as the uploader cuts them. */
const ranges: [number, number][] = [
  [0, 4000],
  [4000, 8000],
  [8000, 10_240],
];
const small: DigestLimits = { keep: 1 << 20, step: 1500, slice: 700 };

function queueOf(limits = small) {
  const replies: DigestReply[] = [];
  const queue = createDigestQueue((message) => replies.push(message), limits);
  void queue.receive({ type: 'file', file });
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done(); waited += 5) {
      if (waited > 5000) throw new Error(`no answer: ${JSON.stringify(replies)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const part = (id: number, sha256 = false) => {
    const [start, end] = ranges[id - 1]!;
    void queue.receive({ type: 'part', id, start, end, sha256 });
  };
  const answer = async (id: number) => {
    await until(() => replies.some((reply) => 'id' in reply && reply.id === id));
    return replies.find((reply) => 'id' in reply && reply.id === id);
  };
  const fileDigest = async () => {
    void queue.receive({ type: 'digest' });
    await until(() => replies.some((reply) => 'digest' in reply || 'error' in reply));
    return replies.find((reply) => 'digest' in reply || 'error' in reply);
  };
  return { queue, replies, until, part, answer, fileDigest };
}

describe('the digest queue of an upload', () => {
  it('answers each part with its Content-MD5 and SHA-256, reading every byte once for the file too', async () => {
    const { queue, part, answer, fileDigest, until } = queueOf();
    // Parts go several at a time, not in order.
    part(2, true);
    part(1, true);
    part(3, true);
    for (const id of [1, 2, 3]) {
      const [start, end] = ranges[id - 1]!;
      expect(await answer(id)).toEqual({
        id,
        md5: digest('md5', bytes.subarray(start, end), 'base64'),
        sha256: digest('sha256', bytes.subarray(start, end)),
      });
    }
    // The file's SHA-256 kept pace with the parts: done before the commit asks.
    await until(() => queue.state().upTo === bytes.length);
    expect(await fileDigest()).toEqual({ digest: digest('sha256', bytes) });
    expect(queue.state()).toMatchObject({ bytesRead: bytes.length, keptBytes: 0 });
  });

  it('reads the parts the server holds already by itself, once', async () => {
    const { queue, part, answer, fileDigest } = queueOf();
    void queue.receive({ type: 'unsent', ranges: [ranges[0]!] });
    part(3);
    part(2);
    expect(await answer(3)).toEqual({ id: 3, md5: digest('md5', bytes.subarray(8000), 'base64') });
    await answer(2);
    expect(await fileDigest()).toEqual({ digest: digest('sha256', bytes) });
    expect(queue.state().bytesRead).toBe(bytes.length);
  });

  it('keeps no more part bytes than its budget, reading the rest again for the file', async () => {
    const { queue, part, answer, fileDigest } = queueOf({ ...small, keep: 3000 });
    part(3);
    part(2);
    await answer(3);
    await answer(2);
    // Nothing brings the first part: the file waits for it, holding less than the budget.
    expect(queue.state().keptBytes).toBeLessThanOrEqual(3000);
    part(1);
    await answer(1);
    expect(await fileDigest()).toEqual({ digest: digest('sha256', bytes) });
    expect(queue.state().bytesRead).toBeGreaterThan(bytes.length);
  });

  it('answers a part sent again after its bytes were hashed, and the commit of a file sent whole', async () => {
    const { part, answer, replies, fileDigest } = queueOf();
    part(1);
    await answer(1);
    replies.length = 0;
    part(1);
    expect(await answer(1)).toEqual({
      id: 1,
      md5: digest('md5', bytes.subarray(0, 4000), 'base64'),
    });
    expect(await fileDigest()).toEqual({ digest: digest('sha256', bytes) });
    const whole = queueOf();
    expect(await whole.fileDigest()).toEqual({ digest: digest('sha256', bytes) });
  });
});
