/**
 * What the write sessions of one file share, in the I/O thread (file-io.worker.ts).
 * The parts of a multipart upload are written side by side into one file:
 * - Writes go one at a time. The kernel serialises writes to a file anyway (its
 *   inode lock), and writes queued there from several of libuv's threads spin
 *   on that lock, burning CPU.
 * - Flushes go one at a time. An fdatasync flushes the whole file whichever
 *   descriptor asks, so whoever asks while one runs waits for the next (which
 *   covers what they wrote) instead of flushing the same pages again.
 * - The file is flushed in the background every `flushEvery` bytes written to
 *   it, by whichever session, so that flushing at the end of a part is short.
 * - Writes are numbered: a flush that started after a session's last write
 *   covers all its bytes, so a part whose bytes a background flush took needs
 *   no flush of its own.
 */
export class OpenFile {
  sessions = 0;
  private writing: Promise<void> = Promise.resolve();
  private writes = 0;
  /** How many writes the last successful flush covered. */
  private flushedWrites = 0;
  /** Bytes written since the last flush started. */
  private unflushed = 0;
  private flush: { running: Promise<void>; next: Promise<void> | null } | null = null;
  /** After a failed flush the kernel may have dropped the pages: no later flush vouches for them. */
  private flushError: Error | null = null;

  readonly path: string;
  private readonly datasync: (path: string) => Promise<void>;
  private readonly flushEvery: number;

  constructor(path: string, datasync: (path: string) => Promise<void>, flushEvery: number) {
    this.path = path;
    this.datasync = datasync;
    this.flushEvery = flushEvery;
  }

  /** Runs a write of `bytes` bytes once the writes before it are done; answers its number. */
  async write(bytes: number, write: () => Promise<void>): Promise<number> {
    const done = this.writing.then(write);
    this.writing = done.catch(() => undefined);
    await done;
    const number = ++this.writes;
    this.unflushed += bytes;
    if (this.unflushed >= this.flushEvery && !this.flush) {
      this.startFlush().catch(() => undefined);
    }
    return number;
  }

  /** Resolves once the writes up to number `write` are on the disk. */
  async flushed(write: number): Promise<void> {
    this.checkFlushes();
    if (this.flushedWrites < write) await this.flushAll();
    this.checkFlushes();
  }

  /** Throws the file's failed flush, if any: its writers stop at once rather than at their end. */
  checkFlushes(): void {
    if (this.flushError) throw this.flushError;
  }

  /** Every write done before the call is on the disk once this resolves. */
  private flushAll(): Promise<void> {
    const current = this.flush;
    if (!current) return this.startFlush();
    current.next ??= current.running.catch(() => undefined).then(() => this.startFlush());
    return current.next;
  }

  private startFlush(): Promise<void> {
    const covers = this.writes;
    this.unflushed = 0;
    const running = this.datasync(this.path).then(
      () => {
        this.flushedWrites = Math.max(this.flushedWrites, covers);
      },
      (error: unknown) => {
        this.flushError ??= error instanceof Error ? error : new Error(String(error));
        throw this.flushError;
      },
    );
    const entry = { running, next: null };
    this.flush = entry;
    const forget = () => {
      if (this.flush === entry) this.flush = null;
    };
    running.then(forget, forget);
    return running;
  }
}

/** The files with write sessions open, by path. */
export class OpenFiles {
  private readonly files = new Map<string, OpenFile>();
  private readonly datasync: (path: string) => Promise<void>;
  private readonly flushEvery: number;

  constructor(datasync: (path: string) => Promise<void>, flushEvery: number) {
    this.datasync = datasync;
    this.flushEvery = flushEvery;
  }

  open(path: string): OpenFile {
    let file = this.files.get(path);
    if (!file) this.files.set(path, (file = new OpenFile(path, this.datasync, this.flushEvery)));
    file.sessions++;
    return file;
  }

  /** Ends a session; the file is forgotten with its last one. */
  close(file: OpenFile): void {
    if (--file.sessions === 0 && this.files.get(file.path) === file) this.files.delete(file.path);
  }
}
