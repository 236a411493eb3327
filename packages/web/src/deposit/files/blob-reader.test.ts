import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blobReader } from './blob-reader.ts';

const bytes = randomBytes(10_000);

/** A file whose byte stream gives `chunk` bytes at a time, as Chromium's gives what it has; `opened` lists where streams were read from. */
function fileInChunks(chunk: number, opened: number[] = []): Blob {
  const sliced = (from: number): Blob =>
    ({
      size: bytes.length - from,
      slice: (start: number) => sliced(from + start),
      stream() {
        let at = from;
        return new ReadableStream({
          type: 'bytes',
          pull(controller) {
            if (at === from) opened.push(from);
            if (at >= bytes.length) {
              controller.close();
              controller.byobRequest?.respond(0);
              return;
            }
            controller.enqueue(new Uint8Array(bytes.subarray(at, at + chunk)));
            at += chunk;
          },
        });
      },
    }) as unknown as Blob;
  return sliced(0);
}

const hex = (view: Uint8Array) => Buffer.from(view).toString('hex');

describe('a blob read into buffers of our own', () => {
  it('fills the buffer from chunks, and reads on through the same stream', async () => {
    const opened: number[] = [];
    const reader = blobReader(fileInChunks(700, opened));
    const into = new Uint8Array(new ArrayBuffer(4000), 500, 3000);
    const first = await reader.read(0, into);
    expect([first.byteOffset, first.length]).toEqual([500, 3000]);
    expect(hex(first)).toBe(hex(bytes.subarray(0, 3000)));
    // The same memory, read into again: the next bytes, from the open stream.
    const second = await reader.read(3000, first);
    expect(hex(second)).toBe(hex(bytes.subarray(3000, 6000)));
    // A jump opens a stream where asked; the end of the file ends the read short.
    const last = await reader.read(8000, new Uint8Array(3000));
    expect(hex(last)).toBe(hex(bytes.subarray(8000)));
    expect(opened).toEqual([0, 8000]);
  });

  it('reads slices where the file has no byte stream', async () => {
    // Streams of chunks, not of bytes: no reading into a buffer of ours.
    const slice = (start = 0, end = bytes.length): Blob =>
      ({
        slice,
        stream: () => new ReadableStream(),
        arrayBuffer: () => Promise.resolve(new Uint8Array(bytes.subarray(start, end)).buffer),
      }) as unknown as Blob;
    const reader = blobReader(slice());
    const read = await reader.read(9000, new Uint8Array(4000));
    expect(hex(read)).toBe(hex(bytes.subarray(9000)));
  });
});
