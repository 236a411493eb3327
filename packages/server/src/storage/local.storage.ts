import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HashingCounter } from './hashing.ts';
import { SizeLimitError, type ByteRange, type Storage, type StoredBytes } from './storage.ts';

const TEMP_MARK = '.tmp-';

/**
 * Files on the local disk under one root. A whole object is written to a
 * temporary name, flushed and renamed, so it appears complete or not at all.
 * A multipart upload writes each part at its offset in one pre-created file.
 */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!/^[\w.-]+(\/[\w.-]+)*$/.test(key) || key.split('/').includes('..')) {
      throw new Error(`invalid storage key ${key}`);
    }
    return path.join(root, key);
  };

  async function flush(file: string): Promise<void> {
    const handle = await open(file, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async function hashFile(file: string): Promise<StoredBytes> {
    const counter = new HashingCounter(Number.MAX_SAFE_INTEGER);
    await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), counter, async (chunks) => {
      for await (const _chunk of chunks) {
        // Drained: only the hash is wanted.
      }
    });
    return { size: counter.size, md5: counter.digest() };
  }

  return {
    kind: 'local',

    async write(key, source, { maxBytes }) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}${TEMP_MARK}${randomBytes(6).toString('hex')}`;
      const counter = new HashingCounter(maxBytes);
      try {
        await pipeline(source, counter, createWriteStream(temporary, { highWaterMark: 1 << 20 }));
        await flush(temporary);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { size: counter.size, md5: counter.digest() };
    },

    async read(key, range?: ByteRange) {
      const file = pathOf(key);
      await stat(file);
      return createReadStream(file, {
        highWaterMark: 1 << 20,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
    },

    async hash(key) {
      try {
        return await hashFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

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

    async writePart(key, _uploadId, part, source: Readable) {
      const counter = new HashingCounter(part.size);
      const file = pathOf(key);
      await pipeline(
        source,
        counter,
        createWriteStream(file, { flags: 'r+', start: part.offset, highWaterMark: 1 << 20 }),
      );
      if (counter.size !== part.size) throw new SizeLimitError(part.size, counter.size);
      await flush(file);
      return { size: counter.size, md5: counter.digest() };
    },

    heldParts() {
      return Promise.resolve(null);
    },

    async completeMultipart(key) {
      await flush(pathOf(key));
    },

    async abortMultipart(key) {
      await rm(pathOf(key), { force: true });
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
