import { Blob } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DigestReply } from './file-digests.ts';
import { createFileSha256Queue, type FileSha256Limits } from './file-sha256-queue.ts';

const bytes = randomBytes(10_240);
// Node's Blob has a byte stream, as browsers' have (jsdom's has none).
const file = new Blob([bytes]) as unknown as globalThis.Blob;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** Parts of 4000 bytes, as the uploader cuts them. */
const ranges: [number, number][] = [
  [0, 4000],
  [4000, 8000],
  [8000, 10_240],
];
const small: FileSha256Limits = { step: 1500, slice: 700 };

function queueOf(limits = small) {
  const replies: DigestReply[] = [];
  const queue = createFileSha256Queue((message) => replies.push(message), limits);
  const givenBack: ArrayBuffer[] = [];
  queue.giveBackTo((buffer) => givenBack.push(buffer));
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
  return { queue, replies, handOn, fileDigest, givenBack };
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

  it('waits for the bytes of parts asked for, and reads what is not lent', async () => {
    const { queue, handOn, fileDigest, replies } = queueOf();
    // Parts 1 and 2 are asked for; part 3 (held by the server, say) is not.
    await queue.receive({ type: 'coming', start: 0, end: 8000 });
    const answer = fileDigest();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The hash goes in file order: it waits at part 1, reading nothing.
    expect(queue.state()).toEqual({ upTo: 0, keptBytes: 0, bytesRead: 0 });
    await handOn(2);
    await handOn(1);
    await answer;
    expect(replies).toEqual([{ digest: sha256(bytes) }]);
    // Only part 3 was read here.
    expect(queue.state().bytesRead).toBe(2240);
  });

  it('reads parts said unlent, and all once parts stop coming', async () => {
    const { queue, fileDigest } = queueOf();
    await queue.receive({ type: 'coming', start: 0, end: 4000 });
    await queue.receive({ type: 'coming', start: 4000, end: 8000 });
    await queue.receive({ type: 'unlent', start: 0, end: 4000 });
    const answer = fileDigest();
    for (let waited = 0; queue.state().upTo < 4000 && waited < 100; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(queue.state()).toMatchObject({ upTo: 4000, bytesRead: 4000 });
    await queue.receive({ type: 'parts-stopped' });
    expect(await answer).toEqual({ digest: sha256(bytes) });
    expect(queue.state().bytesRead).toBe(bytes.length);
  });

  it('gives each buffer lent back once hashed, and at once those it needs no more', async () => {
    const { handOn, fileDigest, givenBack } = queueOf();
    await handOn(2);
    await handOn(1);
    expect(givenBack).toEqual([]);
    // Part 2 again (a retried part): its bytes are kept already.
    await handOn(2);
    expect(givenBack).toHaveLength(1);
    expect(await fileDigest()).toEqual({ digest: sha256(bytes) });
    // Parts 1 and 2, each a buffer of its own, both back, in the order hashed.
    expect(givenBack.map((buffer) => buffer.byteLength)).toEqual([4000, 4000, 4000]);
    await handOn(1);
    expect(givenBack).toHaveLength(4);
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
    await empty.receive({ type: 'file', file: new Blob([]) as unknown as globalThis.Blob });
    await empty.receive({ type: 'digest' });
    expect(replies).toEqual([{ digest: sha256(Buffer.alloc(0)) }]);
  });
});
