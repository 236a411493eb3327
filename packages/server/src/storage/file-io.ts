import { availableParallelism } from 'node:os';
import { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { IoFailure, IoReply, IoRequest } from './file-io.protocol.ts';
import { SizeLimitError, type StoredBytes } from './storage.ts';

// Bytes go to the I/O thread in batches of this size, and at most this much is on its way
// (per upload) before the source is held back.
const BATCH = 1024 * 1024;
const MAX_IN_FLIGHT = 4 * 1024 * 1024;

type Request = IoRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : R) : never;
type Result = { size: number; md5: string | null; sha256: string | null } | null | undefined;

const asError = (failure: IoFailure) =>
  Object.assign(new Error(failure.message), failure.code ? { code: failure.code } : {});

/**
 * How long a thread with nothing under way lives on: then it ends, and its
 * memory (tens of MB once it has moved many files) goes back to the system;
 * the next request starts a new one. Exported for tests.
 */
export const ioIdle = { ms: 5_000 };

/**
 * One worker thread doing file I/O and MD5 for uploads (file-io.worker.ts). The
 * server's main thread only parses HTTP and hands the bytes over: hashing and
 * writing a large upload then runs beside it instead of in turn with it.
 */
class IoThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly calls = new Map<
    number,
    { resolve(r: Extract<IoReply, { kind: 'done' }>): void; reject(e: Error): void }
  >();
  private readonly sessions = new Map<
    number,
    (reply: Extract<IoReply, { kind: 'written' }>) => void
  >();
  /** While the thread is asked whether it may end: the messages for it, in order. */
  private held: { message: IoRequest | Request; transfer: ArrayBuffer[] }[] | null = null;
  private retireId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  dead = false;

  private start(): Worker {
    const worker = new Worker(new URL('./file-io.worker.ts', import.meta.url));
    worker.on('message', (reply: IoReply) => {
      if (reply.kind === 'written') {
        this.sessions.get(reply.session)?.(reply);
        return;
      }
      if (reply.id === this.retireId) return this.retired(worker, reply.idle === true);
      const call = this.calls.get(reply.id);
      this.calls.delete(reply.id);
      this.keepAlive();
      if (reply.error) call?.reject(asError(reply.error));
      else call?.resolve(reply);
    });
    const fail = (error: Error) => {
      // A thread that ended when idle fails nothing.
      if (worker !== this.worker) return;
      this.dead = true;
      this.held = null;
      for (const call of this.calls.values()) call.reject(error);
      this.calls.clear();
      for (const session of this.sessions.values()) {
        session({
          kind: 'written',
          session: 0,
          bytes: 0,
          error: { message: error.message, code: undefined },
        });
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`file I/O thread exited with ${code}`)));
    // After the listeners: adding a 'message' listener refs the worker's port again.
    worker.unref();
    return worker;
  }

  addSession(session: number, onWritten: (reply: Extract<IoReply, { kind: 'written' }>) => void) {
    this.sessions.set(session, onWritten);
    this.keepAlive();
  }

  removeSession(session: number): void {
    this.sessions.delete(session);
    this.keepAlive();
  }

  /** A worker thread runs for it now. */
  get running(): boolean {
    return this.worker !== null;
  }

  private get busy(): boolean {
    return this.calls.size + this.sessions.size > 0;
  }

  /**
   * A thread keeps the process alive while it has work under way, and only
   * then; idle for `ioIdle.ms`, it is asked to end.
   */
  private keepAlive(): void {
    clearTimeout(this.idleTimer);
    if (!this.worker) return;
    if (this.busy) {
      this.worker.ref();
      return;
    }
    this.worker.unref();
    this.idleTimer = setTimeout(() => this.askToRetire(), ioIdle.ms).unref();
  }

  /** The thread ends only if it holds nothing (a multipart upload's running MD5 stays). */
  private askToRetire(): void {
    if (!this.worker || this.held || this.busy) return;
    this.held = [];
    this.retireId = this.nextId++;
    this.worker.postMessage({ op: 'retire', id: this.retireId } satisfies IoRequest);
  }

  private retired(worker: Worker, idle: boolean): void {
    const held = this.held ?? [];
    this.held = null;
    this.retireId = 0;
    if (idle) {
      this.worker = null;
      void worker.terminate();
    }
    for (const { message, transfer } of held) this.send(message, transfer);
    this.keepAlive();
  }

  private send(message: IoRequest | Request, transfer: ArrayBuffer[] = []): void {
    if (this.held) {
      this.held.push({ message, transfer });
      return;
    }
    this.worker ??= this.start();
    this.worker.postMessage(message, transfer);
  }

  call(request: Request): Promise<Result> {
    return this.answer(request).then((reply) => reply.result);
  }

  answer(request: Request): Promise<Extract<IoReply, { kind: 'done' }>> {
    if (this.dead) return Promise.reject(new Error('the file I/O thread has stopped'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      this.send({ ...request, id } as IoRequest);
      this.keepAlive();
    });
  }

  post(request: Request, transfer: ArrayBuffer[] = []): void {
    if (!this.dead) this.send(request, transfer);
  }
}

const threads: IoThread[] = [];
// Two at least: a file's upload and the hashing of another (a commit) then go side by side.
const poolSize = Math.max(2, Math.min(4, availableParallelism()));
let turn = 0;

/**
 * An I/O thread: any, or the same one for the same `file` (so that the writes
 * to a file share its flushes, and its running MD5 can take their bytes).
 */
function ioThread(file?: string): IoThread {
  let index = turn++ % poolSize;
  if (file !== undefined) {
    index = 0;
    for (let i = 0; i < file.length; i++) index = (index * 31 + file.charCodeAt(i)) >>> 0;
    index %= poolSize;
  }
  let thread = threads[index];
  if (!thread || thread.dead) threads[index] = thread = new IoThread();
  return thread;
}

/** How many I/O threads run now (tests). */
export const runningIoThreads = () => threads.filter((thread) => thread.running).length;

let nextSession = 1;

export interface FileSinkOptions {
  path: string;
  /** 'wx': a new file; 'r+': into an existing one, at `position`. */
  flags: 'wx' | 'r+';
  position?: number;
  /** MD5 the bytes as they are written. */
  hash: boolean;
  /**
   * The bytes are one part of a multipart upload, `position`..`position + maxBytes`:
   * they feed the file's running MD5 (`runningMd5`).
   */
  part?: boolean;
  /** More bytes than this fail the stream with a SizeLimitError. */
  maxBytes: number;
  /**
   * The source's chunks are used by nothing else once written here (a request
   * body): their memory moves to the I/O thread instead of being copied.
   */
  takeChunks: boolean;
}

/**
 * A writable stream into a file, written, hashed and flushed to the disk by an
 * I/O thread. It finishes once every byte is on the disk (fsync); `result` then
 * holds the size and, when asked for, the MD5. On an error the file is closed
 * before the stream reports it, and left for the caller to remove.
 */
export class FileSink extends Writable {
  result: { size: number; md5: string | null; sha256: string | null } | undefined;
  private readonly options: FileSinkOptions;
  private readonly thread: IoThread;
  private readonly session = nextSession++;
  private opened = false;
  private size = 0;
  private inFlight = 0;
  private waiting: ((error?: Error | null) => void) | null = null;
  private batch: ArrayBuffer[] = [];
  private batchBytes = 0;
  /** Copy mode: chunks are gathered into this buffer, then sent. */
  private copy: Buffer<ArrayBuffer> | null = null;
  private copied = 0;

  constructor(options: FileSinkOptions) {
    super({ highWaterMark: BATCH });
    this.options = options;
    this.thread = ioThread(options.path);
  }

  override _construct(done: (error?: Error | null) => void): void {
    this.thread.addSession(this.session, (reply) => {
      this.inFlight -= reply.bytes;
      if (reply.error) {
        this.destroy(asError(reply.error));
        return;
      }
      if (this.waiting && this.inFlight <= MAX_IN_FLIGHT) {
        const resume = this.waiting;
        this.waiting = null;
        resume();
      }
    });
    this.thread
      .call({
        op: 'open',
        session: this.session,
        path: this.options.path,
        flags: this.options.flags,
        position: this.options.position ?? 0,
        hash: this.options.hash,
        ...(this.options.part
          ? { partEnd: (this.options.position ?? 0) + this.options.maxBytes }
          : {}),
      })
      .then(
        () => {
          this.opened = true;
          done();
        },
        (error: Error) => done(error),
      );
  }

  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    for (const { chunk } of chunks) {
      this.size += chunk.length;
      if (this.size > this.options.maxBytes) {
        done(new SizeLimitError(this.options.maxBytes, this.size));
        return;
      }
      this.take(chunk);
    }
    if (this.batchBytes >= BATCH) this.send();
    if (this.inFlight <= MAX_IN_FLIGHT) done();
    else this.waiting = done;
  }

  private take(chunk: Buffer): void {
    const whole =
      chunk.byteOffset === 0 &&
      chunk.buffer instanceof ArrayBuffer &&
      chunk.byteLength === chunk.buffer.byteLength;
    if (this.options.takeChunks && whole) {
      this.batch.push(chunk.buffer);
      this.batchBytes += chunk.length;
      return;
    }
    for (let from = 0; from < chunk.length;) {
      this.copy ??= Buffer.allocUnsafeSlow(BATCH);
      const n = chunk.copy(this.copy, this.copied, from);
      from += n;
      this.copied += n;
      if (this.copied === BATCH) this.sealCopy();
    }
  }

  /** Moves the copy buffer into the batch. */
  private sealCopy(): void {
    if (!this.copy || this.copied === 0) return;
    const full = this.copied === this.copy.length;
    this.batch.push(full ? this.copy.buffer : this.copy.buffer.slice(0, this.copied));
    this.batchBytes += this.copied;
    this.copy = null;
    this.copied = 0;
  }

  private send(): void {
    if (this.batch.length === 0) return;
    const buffers = this.batch;
    this.inFlight += this.batchBytes;
    this.batch = [];
    this.batchBytes = 0;
    this.thread.post({ op: 'write', session: this.session, buffers }, buffers);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.sealCopy();
    this.send();
    this.thread.call({ op: 'close', session: this.session }).then(
      (result) => {
        this.opened = false;
        this.thread.removeSession(this.session);
        this.result = result ?? { size: 0, md5: null, sha256: null };
        done();
      },
      (error: Error) => {
        this.opened = false;
        done(error);
      },
    );
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.thread.removeSession(this.session);
    this.waiting = null;
    if (!this.opened) {
      done(error);
      return;
    }
    // Nothing may still be writing once the caller hears of the error.
    this.opened = false;
    void this.thread
      .call({ op: 'abort', session: this.session })
      .catch(() => undefined)
      .then(() => done(error));
  }
}

/** Size, MD5 and SHA-256 of a file, or of `start`..`end` (inclusive) of it, read by an I/O thread. */
export async function hashFile(path: string, start = 0, end?: number): Promise<StoredBytes> {
  const result = await ioThread().call(
    end === undefined ? { op: 'hash', path, start } : { op: 'hash', path, start, end },
  );
  return { size: result!.size, md5: result!.md5!, sha256: result!.sha256! };
}

/**
 * Reads small files whole, each into its place in `memory`, on an I/O thread
 * (plain blocking reads there: one message for many files); their CRC-32s.
 */
export async function readFiles(
  memory: SharedArrayBuffer,
  files: { path: string; at: number; size: number }[],
): Promise<number[]> {
  return (await ioThread().answer({ op: 'read', memory, files })).crcs ?? [];
}

/**
 * The running MD5 of a file written in parts (FileSink's `part`), kept by the
 * I/O thread writing them (running-hashes.ts).
 */
export const runningMd5 = {
  /** Size and MD5 of the whole file, or null when the running MD5 does not vouch for them; forgets it. */
  digest: async (path: string): Promise<StoredBytes | null> => {
    const result = await ioThread(path).call({ op: 'digest', path });
    return result ? { size: result.size, md5: result.md5!, sha256: result.sha256! } : null;
  },
  drop: (path: string): void => ioThread(path).post({ op: 'drop', path }),
};
