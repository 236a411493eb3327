// Reads a file into buffers the caller owns, through one byte stream (BYOB).
// In Chromium, `blob.slice(…).arrayBuffer()` costs several times the CPU of a
// byte stream filling a reused buffer (bench/browser-digests.bench.ts): each
// call makes a new buffer, whose pages are then touched for the first time,
// and leaves the old ones to the garbage collector.

export interface BlobReader {
  /**
   * The bytes from `at`, as many as `into` holds or the file has left, read
   * into `into`'s memory. `into`'s buffer is handed to the stream and comes
   * back as the result's: use the result's from then on.
   */
  read(at: number, into: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>>;
  /** Ends the stream (the next read opens another). */
  close(): void;
}

/** Where a blob has no byte stream (older browsers): a copy of each slice read. */
function slicingReader(blob: Blob): BlobReader {
  return {
    async read(at, into) {
      const bytes = new Uint8Array(await blob.slice(at, at + into.length).arrayBuffer());
      into.set(bytes);
      return into.subarray(0, bytes.length);
    },
    close: () => undefined,
  };
}

function hasByteStream(blob: Blob): boolean {
  try {
    const stream = blob.slice(0, 0).stream();
    stream.getReader({ mode: 'byob' }).releaseLock();
    return true;
  } catch {
    return false;
  }
}

export function blobReader(blob: Blob): BlobReader {
  if (!hasByteStream(blob)) return slicingReader(blob);
  let reader: ReadableStreamBYOBReader | undefined;
  /** Where the open stream stands. */
  let position = 0;

  function close(): void {
    void reader?.cancel().catch(() => undefined);
    reader = undefined;
  }

  /** One stream from `at` on, reused for as long as reads follow each other. */
  function readerAt(at: number): ReadableStreamBYOBReader {
    if (reader && position === at) return reader;
    close();
    reader = blob.slice(at).stream().getReader({ mode: 'byob' });
    position = at;
    return reader;
  }

  return {
    async read(at, into) {
      const stream = readerAt(at);
      // The stream takes `into`'s buffer over (detaching `into`): its place is kept here.
      const { byteOffset, length } = into;
      let buffer = into.buffer;
      let filled = 0;
      while (filled < length) {
        const { done, value } = await stream.read(
          new Uint8Array(buffer, byteOffset + filled, length - filled),
        );
        // A cancelled stream keeps the buffer: the read cannot go on.
        if (!value) throw new Error('The file could not be read');
        buffer = value.buffer;
        if (done) {
          close();
          break;
        }
        filled += value.length;
      }
      position += filled;
      return new Uint8Array(buffer, byteOffset, filled);
    },
    close,
  };
}
