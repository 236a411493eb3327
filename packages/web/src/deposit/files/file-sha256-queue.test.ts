import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DigestReply } from './file-digests.ts';
import { createFileSha256Queue, type FileSha256Limits } from './file-sha256-queue.ts';

const bytes = randomBytes(10_240);
const file = new Blob([bytes]);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** Parts of 4000 bytes, as the uploader cuts them. */
const ranges: [number, number][] = [
  [0, 4000],
  [4000, 8000],
  [8000, 10_240],
];
const small: FileSha256Limits = { keep: 1 << 20, step: 1500, slice: 700 };

function queueOf(limits = small) {
  const replies: DigestReply[] = [];
  const queue = createFileSha256Queue((message) => replies.push(message), limits);
  void queue.receive({ type: 'file', file });
  /** The part worker hands a part's bytes on (a copy: the test's buffer stays whole). */
  const handOn = (part: number) => {
    const [start, end] = ranges[part - 1]!;
    return queue.receive({
      type: 'bytes',
      start,
      bytes: new Uint8Array(bytes.subarray(start, end)),
    });
  };
  const fileDigest = async () => {
    void queue.receive({ type: 'digest' });
    for (let waited = 0; !replies.some((reply) => !('id' in reply)); waited += 5) {
      if (waited > 5000) throw new Error('no answer');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return replies.find((reply) => !('id' in reply));
  };
  return { queue, replies, handOn, fileDigest };
}

describe("an upload's file SHA-256", () => {
  it('hashes the bytes the parts hand on, in file order, reading none itself', async () => {
    const { queue, handOn, fileDigest } = queueOf();
    // Parts go several at a time, not in order: those ahead of the hash are kept.
    await handOn(3);
    await handOn(2);
    await handOn(1);
    expect(queue.state()).toMatchObject({ upTo: 0, keptBytes: bytes.length });
    expect(await fileDigest()).toEqual({ digest: sha256(bytes) });
    expect(queue.state()).toEqual({ upTo: bytes.length, keptBytes: 0, bytesRead: 0 });
  });

  it('reads what was not handed on, and takes over bytes handed on as it goes', async () => {
    const { queue, handOn, fileDigest, replies } = queueOf();
    // The second part was read and handed on before the hash got there: it is not read again.
    await handOn(2);
    const answer = fileDigest();
    await handOn(1);
    expect(await answer).toEqual({ digest: sha256(bytes) });
    // The third part (never handed on: the server held it already, say) is read here.
    const { bytesRead } = queue.state();
    expect(bytesRead).toBeGreaterThanOrEqual(2240);
    expect(bytesRead).toBeLessThanOrEqual(bytes.length - 4000);
    // Asked again (a commit retried): the same answer.
    replies.length = 0;
    expect(await fileDigest()).toEqual({ digest: sha256(bytes) });
  });

  it('keeps no more bytes than its budget, reading the rest again', async () => {
    const { queue, handOn, fileDigest } = queueOf({ ...small, keep: 3000 });
    await handOn(3);
    await handOn(2);
    expect(queue.state()).toMatchObject({ upTo: 0, keptBytes: 2240 });
    expect(await fileDigest()).toEqual({ digest: sha256(bytes) });
    expect(queue.state().bytesRead).toBe(8000);
  });

  it('ignores bytes handed on again after they were hashed, and hashes an empty file', async () => {
    const { queue, handOn, fileDigest } = queueOf();
    await handOn(1);
    expect(await fileDigest()).toEqual({ digest: sha256(bytes) });
    await handOn(1);
    await handOn(3);
    expect(queue.state()).toMatchObject({ upTo: bytes.length, keptBytes: 0 });
    const replies: DigestReply[] = [];
    const empty = createFileSha256Queue((message) => replies.push(message));
    await empty.receive({ type: 'file', file: new Blob([]) });
    await empty.receive({ type: 'digest' });
    expect(replies).toEqual([{ digest: sha256(Buffer.alloc(0)) }]);
  });
});
