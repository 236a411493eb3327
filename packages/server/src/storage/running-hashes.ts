// The running MD5 and SHA-256 of a multipart upload, kept by the I/O thread that writes its
// parts (file-io.worker.ts). Node builtins only: the worker runs it as is.
import { Digests, type Digest } from './digests.ts';

/** How the hash reads parts back (file-io.worker.ts reads the file from its own thread). */
export interface ReadBack {
  read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

/** One part being written or written: bytes `start`..`end` (exclusive) are, of `start`..`limit`. */
export interface Part {
  start: number;
  end: number;
  limit: number;
  writing: boolean;
}

const READ_BUFFER = 1024 * 1024;

/**
 * The MD5 of a file whose parts are written side by side, computed as they
 * are written, in order: the front part (the one holding the first byte not
 * hashed yet) is hashed from its batches as they are written, before their
 * memory is freed; a part that got ahead of the front is read back (from the
 * page cache, just written) once the front reaches it, up to what is written,
 * then followed batch by batch too. So a commit need not read the file again,
 * and most bytes are never read back.
 *
 * Only an optimisation: `digest` answers null whenever the hash cannot vouch
 * for the stored bytes (a hashed byte rewritten, two writes of one part at
 * once, bytes written before a restart), and the caller then reads the file.
 * The caller's parts never overlap but at the same start.
 */
export class RunningHash {
  private md5 = new Digests();
  /** Bytes before this are hashed. */
  private upTo = 0;
  private broken = false;
  /** Parts not yet passed by the hash, or still being written, by their start. */
  private readonly parts = new Map<number, Part>();
  /** The part the hash is in. */
  private front: Part | undefined;
  /** The hash where the front began, to go back to should the front's write fail. */
  private checkpoint: { part: Part; md5: Digests } | null = null;
  /** Reading back, when under way (batches written meanwhile are left to it). */
  private catchingUp: Promise<void> | null = null;
  private readonly openFile: () => Promise<ReadBack>;

  constructor(openFile: () => Promise<ReadBack>) {
    this.openFile = openFile;
  }

  /** A part `start`..`limit` (exclusive) is about to be written. */
  open(start: number, limit: number): Part {
    const part: Part = { start, end: start, limit, writing: true };
    // Hashed bytes would change; two writes of one part at once leave bytes of either.
    if (start < this.upTo || this.parts.get(start)?.writing) this.broken = true;
    this.parts.set(start, part);
    return part;
  }

  /** `buffers` were written at `position` of `part`; they are only read before this returns. */
  written(part: Part, position: number, buffers: Buffer[]): void {
    let bytes = 0;
    for (const buffer of buffers) bytes += buffer.length;
    part.end = position + bytes;
    if (this.broken || this.catchingUp) return;
    if (position === this.upTo && this.frontPart() === part) {
      for (const buffer of buffers) this.md5.update(buffer);
      this.upTo += bytes;
    }
    this.catchUp();
  }

  /** The part's write ended; a part shorter than its limit counts as failed. */
  close(part: Part): void {
    if (part.end !== part.limit) {
      this.fail(part);
      return;
    }
    part.writing = false;
    if (this.upTo >= part.limit && this.front !== part) this.forget(part);
    this.catchUp();
  }

  /** The part's write failed: its bytes are not to be counted on. */
  fail(part: Part): void {
    part.writing = false;
    this.forget(part);
    if (this.upTo <= part.start) return;
    if (this.checkpoint?.part === part) {
      this.md5 = this.checkpoint.md5;
      this.upTo = part.start;
      this.checkpoint = null;
    } else {
      this.broken = true;
    }
    this.front = undefined;
  }

  /** Digests of bytes 0..`size` once no part is being written; null when the hash cannot vouch for them. */
  async digest(size: number): Promise<Digest | null> {
    for (this.catchUp(); this.catchingUp; this.catchUp()) await this.catchingUp;
    const writing = [...this.parts.values()].some((part) => part.writing);
    if (this.broken || writing || this.upTo !== size) return null;
    return this.md5.digest();
  }

  private forget(part: Part): void {
    if (this.parts.get(part.start) === part) this.parts.delete(part.start);
  }

  /** The part holding byte `upTo`, entering the next one when the hash reached its start. */
  private frontPart(): Part | undefined {
    const front = this.front;
    if (front && this.upTo < front.limit && this.parts.get(front.start) === front) return front;
    if (front && !front.writing) this.forget(front);
    const next = this.parts.get(this.upTo);
    this.front = next;
    this.checkpoint = next?.writing ? { part: next, md5: this.md5.copy() } : null;
    return next;
  }

  /** Reads back, in order, what is written ahead of the hash, unless that runs already. */
  private catchUp(): void {
    if (this.broken || this.catchingUp) return;
    const front = this.frontPart();
    if (front && front.end > this.upTo) this.catchingUp = this.readBack();
  }

  private async readBack(): Promise<void> {
    const buffer = Buffer.allocUnsafe(READ_BUFFER);
    let file: ReadBack | null = null;
    try {
      file = await this.openFile();
      for (
        let front = this.frontPart();
        front && front.end > this.upTo && !this.broken;
        front = this.frontPart()
      ) {
        const at = this.upTo;
        const length = Math.min(READ_BUFFER, front.end - at);
        const { bytesRead } = await file.read(buffer, 0, length, at);
        if (bytesRead === 0) throw new Error('written bytes are missing');
        // Unless the part failed or was replaced meanwhile: then what was read may be stale.
        if (this.upTo === at && this.parts.get(front.start) === front) {
          this.md5.update(buffer.subarray(0, bytesRead));
          this.upTo = at + bytesRead;
        }
      }
    } catch {
      this.broken = true;
    }
    // Right after the last read, nothing in between: batches written from now on are
    // hashed as they come (those written during a read were just read back).
    this.catchingUp = null;
    await file?.close().catch(() => undefined);
  }
}
