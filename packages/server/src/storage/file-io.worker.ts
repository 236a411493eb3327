// The thread behind file-io.ts: writes upload bytes to disk, hashes them and
// reads files back to hash them, so that none of this work waits for (or
// holds up) the server's main thread. Node builtins only: it runs as is.
import { closeSync, openSync, readSync } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import type { IoReply, IoRequest } from './file-io.protocol.ts';
import { Digests } from './digests.ts';
import { OpenFiles, type OpenFile } from './open-files.ts';
import { RunningHash, type Part, type ReadBack } from './running-hashes.ts';

/** A file is flushed in the background every so many bytes written to it (open-files.ts). */
const FLUSH_EVERY = 64 * 1024 * 1024;
const READ_BUFFER = 1024 * 1024;

interface Session {
  handle: FileHandle;
  md5: Digests | null;
  /** Where the next bytes go in the file. */
  position: number;
  size: number;
  file: OpenFile;
  /** The file's write count after this session's last write (see OpenFile). */
  lastWrite: number;
  /** Writes run one after the other, in the order they came. */
  chain: Promise<void>;
  error: Error | null;
  /** A part of a multipart upload: the file's running MD5, and the part in it. */
  part: { running: RunningHash; part: Part } | null;
}

const sessions = new Map<number, Session>();
/** Running MD5s of multipart uploads, by file (their parts are all written by this thread). */
const running = new Map<string, RunningHash>();
const port = parentPort!;

const reply = (message: IoReply) => port.postMessage(message);
const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
const failure = (error: unknown) => ({
  message: error instanceof Error ? error.message : String(error),
  code: (error as NodeJS.ErrnoException).code,
});

/** fdatasync through a descriptor of its own (a session's may close while it runs). */
async function datasync(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

const files = new OpenFiles(datasync, FLUSH_EVERY);

/**
 * Reads a file back for its running MD5 from this thread itself: the bytes were
 * just written (they are in the page cache), while libuv's few pool threads are
 * often all taken by writes and flushes, behind which reads would queue and the
 * hash fall behind the upload. A turn of the event loop after each read lets
 * the writes through.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a failed open rejects
async function readBack(path: string): Promise<ReadBack> {
  const fd = openSync(path, 'r');
  return {
    async read(buffer, offset, length, position) {
      const bytesRead = readSync(fd, buffer, offset, length, position);
      await new Promise((resolve) => setImmediate(resolve));
      return { bytesRead };
    },
    // eslint-disable-next-line @typescript-eslint/require-await -- a failed close rejects
    async close() {
      closeSync(fd);
    },
  };
}

async function writeAll(handle: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  let at = position;
  let rest = buffers;
  while (rest.length) {
    const { bytesWritten } = await handle.writev(rest, at);
    at += bytesWritten;
    let skip = bytesWritten;
    const left: Buffer[] = [];
    for (const buffer of rest) {
      if (skip >= buffer.length) skip -= buffer.length;
      else {
        left.push(skip ? buffer.subarray(skip) : buffer);
        skip = 0;
      }
    }
    rest = left;
  }
}

/**
 * Frees the memory of buffers once written. (Left to the garbage collector, a
 * large upload's buffers would pile up to tens of MB before a collection.)
 */
function release(memory: ArrayBuffer[]): void {
  // ArrayBuffer.prototype.transfer is ES2024, newer than the lib the types target.
  for (const buffer of memory)
    (buffer as ArrayBuffer & { transfer(n: number): unknown }).transfer(0);
}

function write(session: Session, id: number, memory: ArrayBuffer[]): void {
  const buffers = memory.map((buffer) => Buffer.from(buffer));
  const bytes = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
  if (session.md5) for (const buffer of buffers) session.md5.update(buffer);
  const position = session.position;
  const { file } = session;
  session.position += bytes;
  session.size += bytes;
  session.chain = session.chain.then(async () => {
    if (session.error === null) {
      try {
        session.lastWrite = await file.write(bytes, () =>
          writeAll(session.handle, buffers, position),
        );
        file.checkFlushes();
        // Before the memory goes: the running MD5 may take the bytes from here.
        session.part?.running.written(session.part.part, position, buffers);
      } catch (error) {
        session.error ??= asError(error);
      }
    }
    release(memory);
    reply(
      session.error === null
        ? { kind: 'written', session: id, bytes }
        : { kind: 'written', session: id, bytes, error: failure(session.error) },
    );
  });
}

async function close(
  session: Session,
): Promise<{ size: number; md5: string | null; sha256: string | null }> {
  await session.chain;
  const { file } = session;
  try {
    if (session.error === null) await file.flushed(session.lastWrite);
  } catch (error) {
    session.error ??= asError(error);
  }
  await session.handle.close().catch((error: unknown) => {
    session.error ??= asError(error);
  });
  files.close(file);
  endPart(session);
  if (session.error !== null) throw session.error;
  const digest = session.md5?.digest();
  return { size: session.size, md5: digest?.md5 ?? null, sha256: digest?.sha256 ?? null };
}

function endPart(session: Session): void {
  if (!session.part) return;
  const { running, part } = session.part;
  if (session.error === null) running.close(part);
  else running.fail(part);
  session.part = null;
}

/** Reads `start`..`end` (inclusive; to the end when absent) and feeds it to `md5`. */
async function hashRange(
  path: string,
  md5: Digests,
  start: number,
  end: number | undefined,
): Promise<number> {
  const handle = await open(path, 'r');
  const buffer = Buffer.allocUnsafe(READ_BUFFER);
  let size = 0;
  try {
    for (let position = start; end === undefined || position <= end;) {
      const length = end === undefined ? READ_BUFFER : Math.min(READ_BUFFER, end - position + 1);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      if (bytesRead === 0) break;
      md5.update(buffer.subarray(0, bytesRead));
      position += bytesRead;
      size += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return size;
}

/**
 * Reads small files whole into shared memory and answers their CRC-32s. Blocking
 * reads: on this thread they hold up nothing, and cost a fraction of async ones.
 */
function readWhole(memory: SharedArrayBuffer, list: { path: string; at: number; size: number }[]) {
  const bytes = Buffer.from(memory);
  return list.map(({ path, at, size }) => {
    const fd = openSync(path, 'r');
    try {
      for (let read = 0; read < size;) {
        const count = readSync(fd, bytes, at + read, size - read, read);
        if (count === 0) throw new Error(`${path}: ${read} bytes, not ${size}`);
        read += count;
      }
    } finally {
      closeSync(fd);
    }
    return crc32(bytes.subarray(at, at + size));
  });
}

async function handle(request: IoRequest): Promise<IoReply | null> {
  switch (request.op) {
    case 'open': {
      const handle = await open(request.path, request.flags);
      let part: Session['part'] = null;
      if (request.partEnd !== undefined) {
        const { path } = request;
        let hash = running.get(path);
        if (!hash) running.set(path, (hash = new RunningHash(() => readBack(path))));
        part = { running: hash, part: hash.open(request.position, request.partEnd) };
      }
      sessions.set(request.session, {
        handle,
        md5: request.hash ? new Digests() : null,
        position: request.position,
        size: 0,
        file: files.open(request.path),
        lastWrite: 0,
        chain: Promise.resolve(),
        error: null,
        part,
      });
      return { kind: 'done', id: request.id };
    }
    case 'write': {
      const session = sessions.get(request.session);
      if (session) write(session, request.session, request.buffers);
      else release(request.buffers);
      return null;
    }
    case 'close': {
      const session = sessions.get(request.session);
      sessions.delete(request.session);
      if (!session) throw new Error(`no write session ${request.session}`);
      return { kind: 'done', id: request.id, result: await close(session) };
    }
    case 'abort': {
      const session = sessions.get(request.session);
      sessions.delete(request.session);
      if (session) {
        session.error ??= new Error('aborted');
        await session.chain;
        endPart(session);
        files.close(session.file);
        await session.handle.close();
      }
      return { kind: 'done', id: request.id };
    }
    case 'hash': {
      const digests = new Digests();
      const size = await hashRange(request.path, digests, request.start, request.end);
      return { kind: 'done', id: request.id, result: { size, ...digests.digest() } };
    }
    case 'digest': {
      const hash = running.get(request.path);
      running.delete(request.path);
      if (!hash) return { kind: 'done', id: request.id, result: null };
      const { size } = await stat(request.path);
      const digest = await hash.digest(size);
      return { kind: 'done', id: request.id, result: digest === null ? null : { size, ...digest } };
    }
    case 'drop': {
      running.delete(request.path);
      return null;
    }
    case 'read':
      return { kind: 'done', id: request.id, crcs: readWhole(request.memory, request.files) };
    case 'retire':
      return { kind: 'done', id: request.id, idle: sessions.size === 0 && running.size === 0 };
  }
}

port.on('message', (request: IoRequest) => {
  handle(request).then(
    (answer) => {
      if (answer) reply(answer);
    },
    (error: unknown) => {
      if ('id' in request) reply({ kind: 'done', id: request.id, error: failure(error) });
    },
  );
});
