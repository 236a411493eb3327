import { createHash, randomBytes } from 'node:crypto';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSink, hashFile, ioIdle, runningIoThreads, runningMd5 } from './file-io.ts';
import { SizeLimitError } from './storage.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'arca-file-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Chunks that own their memory, as a request body read from a socket has them. */
const ownedChunks = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    Buffer.from(bytes.subarray(i * size, (i + 1) * size)),
  );

describe('file sink (I/O thread)', () => {
  it('writes, hashes and counts a stream; a caller’s buffers stay intact', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const file = path.join(dir, 'copied.bin');
    const sink = new FileSink({
      path: file,
      flags: 'wx',
      hash: true,
      maxBytes: 1e9,
      takeChunks: false,
    });
    await pipeline(Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]), sink);
    expect(sink.result).toEqual({ size: bytes.length, md5: md5(bytes), sha256: sha256(bytes) });
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(bytes.length).toBe(3 * 1024 * 1024 + 17);
  });

  it('takes the memory of chunks it may take, and only of those', async () => {
    const bytes = randomBytes(5 * 64 * 1024);
    const chunks = ownedChunks(bytes, 64 * 1024);
    const shared = Buffer.from(bytes.subarray(0, 100));
    const file = path.join(dir, 'taken.bin');
    const sink = new FileSink({
      path: file,
      flags: 'wx',
      hash: true,
      maxBytes: 1e9,
      takeChunks: true,
    });
    await pipeline(Readable.from([...chunks, shared.subarray(0, 50)]), sink);
    const expected = Buffer.concat([bytes, bytes.subarray(0, 50)]);
    expect(sink.result).toEqual({
      size: expected.length,
      md5: md5(expected),
      sha256: sha256(expected),
    });
    expect(readFileSync(file).equals(expected)).toBe(true);
    // Moved to the I/O thread: nothing left here. A slice of a larger buffer is copied.
    expect(chunks.every((chunk) => chunk.length === 0)).toBe(true);
    expect(shared.length).toBe(100);
  });

  it('writes at an offset into an existing file, without hashing when not asked', async () => {
    const file = path.join(dir, 'parts.bin');
    writeFileSync(file, Buffer.alloc(30, 'a'));
    const sink = new FileSink({
      path: file,
      flags: 'r+',
      position: 10,
      hash: false,
      maxBytes: 10,
      takeChunks: false,
    });
    await pipeline(Readable.from([Buffer.alloc(10, 'b')]), sink);
    expect(sink.result).toEqual({ size: 10, md5: null, sha256: null });
    expect(readFileSync(file, 'latin1')).toBe(
      `${'a'.repeat(10)}${'b'.repeat(10)}${'a'.repeat(10)}`,
    );
  });

  it('fails with a SizeLimitError past maxBytes, and is closed when it says so', async () => {
    const file = path.join(dir, 'too-big.bin');
    const sink = new FileSink({
      path: file,
      flags: 'wx',
      hash: true,
      maxBytes: 100,
      takeChunks: false,
    });
    const failed = pipeline(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), sink);
    await expect(failed).rejects.toBeInstanceOf(SizeLimitError);
    // No descriptor of this process (its threads included) still points at the file.
    const open = readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false;
      }
    });
    expect(open).toEqual([]);
  });

  it('reports a file it cannot open', async () => {
    const sink = new FileSink({
      path: path.join(dir, 'missing', 'x.bin'),
      flags: 'r+',
      hash: false,
      maxBytes: 10,
      takeChunks: false,
    });
    await expect(pipeline(Readable.from([Buffer.alloc(5)]), sink)).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('hashes files and ranges', async () => {
    const bytes = randomBytes(2 * 1024 * 1024 + 5);
    const file = path.join(dir, 'hashed.bin');
    writeFileSync(file, bytes);
    expect(await hashFile(file)).toEqual({
      size: bytes.length,
      md5: md5(bytes),
      sha256: sha256(bytes),
    });
    expect(await hashFile(file, 100, 199)).toEqual({
      size: 100,
      md5: md5(bytes.subarray(100, 200)),
      sha256: sha256(bytes.subarray(100, 200)),
    });
  });

  it('keeps the running MD5 of a file written in parts side by side', async () => {
    const partSize = 3 * 1024 * 1024;
    const bytes = randomBytes(4 * partSize - 1000);
    const file = path.join(dir, 'multipart.bin');
    writeFileSync(file, '');
    const writePart = (number: number) => {
      const start = (number - 1) * partSize;
      const part = bytes.subarray(start, start + partSize);
      const sink = new FileSink({
        path: file,
        flags: 'r+',
        position: start,
        hash: false,
        maxBytes: part.length,
        takeChunks: true,
        part: true,
      });
      return pipeline(Readable.from(ownedChunks(part, 64 * 1024)), sink);
    };
    // The last part first, then three side by side.
    await writePart(4);
    await Promise.all([writePart(1), writePart(2), writePart(3)]);
    expect(await runningMd5.digest(file)).toEqual({
      size: bytes.length,
      md5: md5(bytes),
      sha256: sha256(bytes),
    });
    // Forgotten once asked for.
    expect(await runningMd5.digest(file)).toBeNull();

    // A hashed part rewritten: the running MD5 no longer vouches for the file.
    await writePart(1);
    await writePart(2);
    await writePart(1);
    expect(await runningMd5.digest(file)).toBeNull();
  });

  it('leaves idle I/O threads that never keep the process alive', async () => {
    // A process that wrote and hashed through the threads, then has nothing left to do.
    const script = `
      import { Readable } from 'node:stream';
      import { pipeline } from 'node:stream/promises';
      import { FileSink, hashFile } from ${JSON.stringify(new URL('./file-io.ts', import.meta.url).href)};
      const file = ${JSON.stringify(path.join(dir, 'exits.bin'))};
      await pipeline(Readable.from([Buffer.alloc(10)]), new FileSink({ path: file, flags: 'wx', hash: true, maxBytes: 10, takeChunks: false }));
      console.log((await hashFile(file)).size);
    `;
    const scriptFile = path.join(dir, 'exits.mjs');
    writeFileSync(scriptFile, script);
    const run = promisify(execFile)(process.execPath, [scriptFile], { timeout: 15_000 });
    await expect(run).resolves.toMatchObject({ stdout: '10\n' });
  }, 20_000);

  it('ends idle threads, never one holding a running MD5, and starts them again', async () => {
    const idle = ioIdle.ms;
    ioIdle.ms = 50;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      const whole = randomBytes(200_000);
      const first = path.join(dir, 'before-idle.bin');
      await pipeline(
        Readable.from([whole]),
        new FileSink({ path: first, flags: 'wx', hash: true, maxBytes: 1e9, takeChunks: false }),
      );
      // Every thread (at most four, taken in turn) set to the short idle time.
      for (let i = 0; i < 4; i++) await hashFile(first);
      expect(runningIoThreads()).toBeGreaterThan(0);
      await wait(400);
      expect(runningIoThreads()).toBe(0);
      // A part of a multipart upload: its thread keeps the running MD5, so it stays.
      const file = path.join(dir, 'held.bin');
      writeFileSync(file, '');
      await pipeline(
        Readable.from([whole]),
        new FileSink({
          path: file,
          flags: 'r+',
          position: 0,
          hash: false,
          maxBytes: whole.length,
          takeChunks: false,
          part: true,
        }),
      );
      await wait(400);
      expect(runningIoThreads()).toBe(1);
      expect(await runningMd5.digest(file)).toEqual({
        size: whole.length,
        md5: md5(whole),
        sha256: sha256(whole),
      });
      expect(await hashFile(first)).toEqual({
        size: whole.length,
        md5: md5(whole),
        sha256: sha256(whole),
      });
      await wait(400);
      expect(runningIoThreads()).toBe(0);
    } finally {
      ioIdle.ms = idle;
    }
  }, 20_000);
});
