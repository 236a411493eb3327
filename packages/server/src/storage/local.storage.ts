import { randomBytes } from 'node:crypto';
import { close, createReadStream, open as openFile, read as readFile } from 'node:fs';
import { lstat, mkdir, open, opendir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { FileSink, hashFile, readFiles, runningMd5 } from './file-io.ts';
import { SizeLimitError, type ByteRange, type Storage, type StoredItem } from './storage.ts';

const TEMP_MARK = '.tmp-';

/** Reads `target.length` bytes of a file from its start: open, read, close, no stream. */
function readWhole(file: string, target: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    openFile(file, 'r', (error, fd) => {
      if (error) return reject(error);
      const finish = (failure: Error | null) =>
        close(fd, (closing) => {
          const problem: Error | null = failure ?? closing;
          if (problem) reject(problem);
          else resolve();
        });
      const next = (at: number) => {
        if (at === target.length) return finish(null);
        readFile(fd, target, at, target.length - at, at, (failure, bytes) => {
          if (failure) return finish(failure);
          if (bytes === 0) return finish(new Error(`${file}: ${at} bytes, not ${target.length}`));
          next(at + bytes);
        });
      };
      next(0);
    });
  });
}

const PAGE = 1000;

/**
 * Files on the local disk under one root. A whole object is written to a
 * temporary name, flushed and renamed, so it appears complete or not at all.
 * A multipart upload writes each part at its offset in one pre-created file.
 * Upload bytes are written, flushed and hashed by I/O threads (file-io.ts).
 */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!/^[\w.-]+(\/[\w.-]+)*$/.test(key) || key.split('/').includes('..')) {
      throw new Error(`invalid storage key ${key}`);
    }
    return path.join(root, key);
  };

  /** Flushes a file, or a directory (which makes a rename in it durable), to the disk. */
  async function flush(file: string): Promise<void> {
    const handle = await open(file, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    kind: 'local',

    async write(key, source, { maxBytes, takeChunks }) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}${TEMP_MARK}${randomBytes(6).toString('hex')}`;
      const sink = new FileSink({
        path: temporary,
        flags: 'wx',
        hash: true,
        maxBytes,
        takeChunks: takeChunks ?? false,
      });
      try {
        await pipeline(source, sink);
        await rename(temporary, target);
        await flush(path.dirname(target));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { size: sink.result!.size, md5: sink.result!.md5!, sha256: sink.result!.sha256! };
    },

    async read(key, range?: ByteRange) {
      const file = pathOf(key);
      await stat(file);
      return createReadStream(file, {
        highWaterMark: 1 << 20,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
    },

    async readFiles(keys, into) {
      // (An empty file's buffer may be any: nothing is read into it.)
      const memory = into.find((b) => b.length)?.buffer;
      const fit = (b: Buffer) => b.length === 0 || b.buffer === memory;
      if (memory instanceof SharedArrayBuffer && into.every(fit)) {
        const files = keys.map((key, i) => ({
          path: pathOf(key),
          at: into[i]!.byteOffset,
          size: into[i]!.length,
        }));
        return readFiles(memory, files);
      }
      return Promise.all(
        keys.map(async (key, i) => {
          await readWhole(pathOf(key), into[i]!);
          return crc32(into[i]!);
        }),
      );
    },

    async hash(key) {
      try {
        // A multipart upload's parts were hashed as they were written, unless something came in the way.
        return (await runningMd5.digest(pathOf(key))) ?? (await hashFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async remove(key) {
      runningMd5.drop(pathOf(key));
      await rm(pathOf(key), { force: true });
    },

    partChecksums: false,

    async startMultipart(key) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const handle = await open(target, 'a');
      await handle.close();
      return 'local';
    },

    partUrl() {
      return Promise.resolve(null);
    },

    async writePart(key, _uploadId, part, source: Readable, options) {
      const file = pathOf(key);
      const sink = new FileSink({
        path: file,
        flags: 'r+',
        position: part.offset,
        hash: options.md5,
        maxBytes: part.size,
        takeChunks: options.takeChunks ?? false,
        part: true,
      });
      await pipeline(source, sink);
      const written = sink.result!;
      if (written.size !== part.size) throw new SizeLimitError(part.size, written.size);
      return written;
    },

    heldParts() {
      return Promise.resolve(null);
    },

    partSha256() {
      return Promise.resolve(false);
    },

    async completeMultipart(key) {
      await flush(pathOf(key));
    },

    async abortMultipart(key) {
      runningMd5.drop(pathOf(key));
      await rm(pathOf(key), { force: true });
    },

    async *list() {
      let directory;
      try {
        directory = await opendir(root, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      let page: StoredItem[] = [];
      for await (const entry of directory) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await lstat(file).catch(() => null);
        if (!info) continue;
        page.push({
          key: path.relative(root, file).split(path.sep).join('/'),
          uploadId: null,
          modified: info.mtime,
        });
        if (page.length === PAGE) {
          yield page;
          page = [];
        }
      }
      if (page.length) yield page;
    },

    async lastModified(key) {
      try {
        return (await stat(pathOf(key))).mtime;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async sweepTemporary() {
      let entries: string[];
      try {
        entries = await readdir(root, { recursive: true });
      } catch {
        return;
      }
      await Promise.all(
        entries
          .filter((name) => name.includes(TEMP_MARK))
          .map((name) => rm(path.join(root, name), { force: true })),
      );
    },
  };
}
