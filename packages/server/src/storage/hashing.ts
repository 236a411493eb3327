import { Transform, type TransformCallback } from 'node:stream';
import { Digests, type Digest } from './digests.ts';
import { SizeLimitError } from './storage.ts';

/**
 * A pass-through that hashes and counts the bytes, and fails the stream as
 * soon as more than `maxBytes` went by, so a lying client is stopped early.
 */
export class HashingCounter extends Transform {
  private readonly digests = new Digests();
  private readonly maxBytes: number;
  size = 0;

  constructor(maxBytes: number) {
    super();
    this.maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new SizeLimitError(this.maxBytes, this.size));
      return;
    }
    this.digests.update(chunk);
    done(null, chunk);
  }

  /** Hex digests; call once, after the stream ended. */
  digest(): Digest {
    return this.digests.digest();
  }
}
