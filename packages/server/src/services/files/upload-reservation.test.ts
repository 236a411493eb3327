import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { reservingStream } from './upload-reservation.ts';

/** A quota of `cap` bytes: grants what is wanted up to it, refuses what does not fit. */
function quota(cap: number) {
  const asked: { needed: number; wanted: number }[] = [];
  const reserve = (needed: number, wanted: number) => {
    asked.push({ needed, wanted });
    return needed > cap
      ? Promise.reject(new Error('over quota'))
      : Promise.resolve(Math.min(wanted, cap));
  };
  return { asked, reserve };
}

function run(chunks: number, size: number, reserve: (n: number, w: number) => Promise<number>) {
  let passed = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      done();
    },
  });
  const source = Readable.from(Array.from({ length: chunks }, () => Buffer.alloc(size)));
  return {
    done: pipeline(source, reservingStream(reserve), sink),
    passed: () => passed,
  };
}

describe('reservingStream', () => {
  it('holds ahead of the bytes, in few steps, and passes everything that fits', async () => {
    const { asked, reserve } = quota(10 * 1024 * 1024);
    const upload = run(400, 16 * 1024, reserve);
    await upload.done;
    expect(upload.passed()).toBe(400 * 16 * 1024);
    // Doubling: a 6.25 MiB upload takes about log2(6.25 MiB / 64 KiB) holds, not 400.
    expect(asked.length).toBeLessThanOrEqual(10);
    for (const { needed, wanted } of asked) expect(wanted).toBeGreaterThanOrEqual(needed);
  });

  it('stops before a chunk that does not fit reaches storage', async () => {
    const cap = 100 * 1024;
    const { reserve } = quota(cap);
    const upload = run(50, 16 * 1024, reserve);
    await expect(upload.done).rejects.toThrow('over quota');
    expect(upload.passed()).toBeLessThanOrEqual(cap);
  });
});
