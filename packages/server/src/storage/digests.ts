// MD5 and SHA-256 of the same bytes, fed once. Node builtins only: the I/O
// thread (file-io.worker.ts) runs it as is.
import { createHash, type Hash } from 'node:crypto';

/** Hex digests of stored bytes. */
export interface Digest {
  md5: string;
  sha256: string;
}

export class Digests {
  private readonly md5: Hash;
  private readonly sha256: Hash;

  constructor(md5: Hash = createHash('md5'), sha256: Hash = createHash('sha256')) {
    this.md5 = md5;
    this.sha256 = sha256;
  }

  update(bytes: Uint8Array): void {
    this.md5.update(bytes);
    this.sha256.update(bytes);
  }

  /** A second running pair from here on (to go back to). */
  copy(): Digests {
    return new Digests(this.md5.copy(), this.sha256.copy());
  }

  /** Hex digests; call once. */
  digest(): Digest {
    return { md5: this.md5.digest('hex'), sha256: this.sha256.digest('hex') };
  }
}
