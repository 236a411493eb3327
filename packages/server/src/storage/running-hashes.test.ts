import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RunningHash, type Part } from './running-hashes.ts';

const PART = 4096;
const digests = (bytes: Buffer) => ({
  md5: createHash('md5').update(bytes).digest('hex'),
  sha256: createHash('sha256').update(bytes).digest('hex'),
});
const tick = () => new Promise((resolve) => setImmediate(resolve));
/** Lets reading back (one tick a read) run its course. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await tick();
};

/** A file in memory, written part by part, and the running hash fed as the I/O thread feeds it. */
function upload(parts: number) {
  const disk = Buffer.alloc(parts * PART);
  const stats = { reads: 0, readBack: 0, failReads: false, closing: Promise.resolve() };
  const hash = new RunningHash(() =>
    Promise.resolve({
      // The bytes as they are when the read starts; it ends a tick later.
      async read(buffer: Buffer, offset: number, length: number, position: number) {
        if (stats.failReads) throw new Error('EIO');
        const bytesRead = disk.copy(buffer, offset, position, position + length);
        stats.reads += 1;
        stats.readBack += bytesRead;
        await tick();
        return { bytesRead };
      },
      close: () => stats.closing,
    }),
  );
  const open = (number: number) => hash.open((number - 1) * PART, number * PART);
  /** Writes `bytes` at `offset` within the part, as one batch. */
  const write = (part: Part, offset: number, bytes: Buffer) => {
    bytes.copy(disk, part.start + offset);
    hash.written(part, part.start + offset, [Buffer.from(bytes)]);
  };
  const writeWhole = (part: Part, bytes: Buffer) => {
    write(part, 0, bytes.subarray(0, PART / 2));
    write(part, PART / 2, bytes.subarray(PART / 2));
    hash.close(part);
  };
  return { disk, stats, hash, open, write, writeWhole };
}

describe('running hash of a multipart upload', () => {
  it('hashes parts written one after the other from their batches, reading nothing back', async () => {
    const { disk, stats, hash, open, writeWhole } = upload(3);
    for (let number = 1; number <= 3; number++) writeWhole(open(number), randomBytes(PART));
    expect(await hash.digest(disk.length)).toEqual(digests(disk));
    expect(stats.readBack).toBe(0);
  });

  it('reads back only the bytes written ahead of the front, whatever order parts come in', async () => {
    const { disk, stats, hash, open, write, writeWhole } = upload(4);
    // Part 3 whole, then parts 1 and 2 side by side, then 4.
    writeWhole(open(3), randomBytes(PART));
    const [one, two] = [open(1), open(2)];
    const [bytes1, bytes2] = [randomBytes(PART), randomBytes(PART)];
    write(one, 0, bytes1.subarray(0, PART / 2));
    write(two, 0, bytes2.subarray(0, PART / 2));
    write(one, PART / 2, bytes1.subarray(PART / 2));
    hash.close(one);
    await settle();
    // Caught up with part 2 by now: its next batch is hashed as it is written.
    write(two, PART / 2, bytes2.subarray(PART / 2));
    hash.close(two);
    await settle();
    writeWhole(open(4), randomBytes(PART));
    expect(await hash.digest(disk.length)).toEqual(digests(disk));
    expect(stats.readBack).toBe(PART / 2 + PART);
  });

  it('takes the batches written as soon as it has read back what was ahead', async () => {
    const { disk, stats, hash, open, write } = upload(2);
    let closed = () => {};
    stats.closing = new Promise((resolve) => (closed = resolve));
    const [one, two] = [open(1), open(2)];
    const bytes2 = randomBytes(PART);
    write(two, 0, bytes2.subarray(0, PART / 2));
    write(one, 0, randomBytes(PART));
    hash.close(one);
    await settle();
    // Part 2's first half is read back; the file is still being closed when the rest comes.
    write(two, PART / 2, bytes2.subarray(PART / 2));
    hash.close(two);
    closed();
    expect(await hash.digest(disk.length)).toEqual(digests(disk));
    expect(stats.readBack).toBe(PART / 2);
  });

  it('keeps up with batches written while it reads back', async () => {
    const { disk, hash, open, write } = upload(2);
    const [one, two] = [open(1), open(2)];
    for (let offset = 0; offset < PART / 2; offset += 256) write(two, offset, randomBytes(256));
    write(one, 0, randomBytes(PART));
    hash.close(one);
    // Batches of part 2 keep coming while its first ones are read back.
    for (let offset = PART / 2; offset < PART; offset += 256) {
      write(two, offset, randomBytes(256));
      await tick();
    }
    hash.close(two);
    expect(await hash.digest(disk.length)).toEqual(digests(disk));
  });

  it('goes back to where the front began when its write fails, so the part may be sent again', async () => {
    const { disk, hash, open, write, writeWhole } = upload(2);
    writeWhole(open(1), randomBytes(PART));
    const failed = open(2);
    write(failed, 0, randomBytes(PART / 2));
    hash.fail(failed);
    writeWhole(open(2), randomBytes(PART));
    expect(await hash.digest(disk.length)).toEqual(digests(disk));
  });

  it('counts a part shorter than its size as failed, so it may be sent again', async () => {
    const { disk, hash, open, write, writeWhole } = upload(2);
    writeWhole(open(1), randomBytes(PART));
    const short = open(2);
    write(short, 0, randomBytes(PART - 1));
    hash.close(short);
    writeWhole(open(2), randomBytes(PART));
    expect(await hash.digest(disk.length)).toEqual(digests(disk));
  });

  it('gives up when a hashed part is rewritten, or two writes of a part run at once', async () => {
    const rewritten = upload(2);
    rewritten.writeWhole(rewritten.open(1), randomBytes(PART));
    rewritten.writeWhole(rewritten.open(2), randomBytes(PART));
    rewritten.writeWhole(rewritten.open(1), randomBytes(PART));
    expect(await rewritten.hash.digest(rewritten.disk.length)).toBeNull();

    const twice = upload(2);
    twice.writeWhole(twice.open(1), randomBytes(PART));
    const [first, second] = [twice.open(2), twice.open(2)];
    twice.writeWhole(second, randomBytes(PART));
    twice.writeWhole(first, randomBytes(PART));
    expect(await twice.hash.digest(twice.disk.length)).toBeNull();
  });

  it('reads a part again that was written again while it was read back', async () => {
    const { disk, stats, hash, open, writeWhole } = upload(2);
    writeWhole(open(2), randomBytes(PART));
    writeWhole(open(1), randomBytes(PART));
    while (stats.reads === 0) await Promise.resolve();
    // Part 2 is being read back: what that read finds is stale.
    writeWhole(open(2), randomBytes(PART));
    expect(await hash.digest(disk.length)).toEqual(digests(disk));
  });

  it('keeps the hash when a part not hashed yet is written again', async () => {
    const { disk, hash, open, writeWhole } = upload(2);
    writeWhole(open(2), randomBytes(PART));
    writeWhole(open(2), randomBytes(PART));
    writeWhole(open(1), randomBytes(PART));
    expect(await hash.digest(disk.length)).toEqual(digests(disk));
  });

  it('vouches for nothing while a part is missing or still being written, or reading fails', async () => {
    const missing = upload(3);
    missing.writeWhole(missing.open(1), randomBytes(PART));
    missing.writeWhole(missing.open(3), randomBytes(PART));
    expect(await missing.hash.digest(missing.disk.length)).toBeNull();

    const writing = upload(2);
    writing.writeWhole(writing.open(1), randomBytes(PART));
    writing.write(writing.open(2), 0, randomBytes(PART));
    expect(await writing.hash.digest(writing.disk.length)).toBeNull();

    const unreadable = upload(2);
    unreadable.stats.failReads = true;
    unreadable.writeWhole(unreadable.open(2), randomBytes(PART));
    unreadable.writeWhole(unreadable.open(1), randomBytes(PART));
    expect(await unreadable.hash.digest(unreadable.disk.length)).toBeNull();
  });
});
