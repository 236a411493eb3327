import { crc32 } from 'node:zlib';
import { Ring } from './ring.ts';
import {
  centralRecord,
  dataDescriptor,
  endRecords,
  localHeader,
  SMALL,
  type ZipLayout,
} from './zip-layout.ts';

/** Where the bytes of the archive's files come from, by their index in the layout. */
export interface ZipSource {
  /** Fills each `into` with a small file's bytes (exactly its size); their CRC-32s. */
  readFiles(indices: number[], into: Buffer[]): Promise<number[]>;
  /** Streams a file's bytes, or the inclusive range of them. */
  read(index: number, range?: { start: number; end: number }): Promise<AsyncIterable<Buffer>>;
  /** CRC-32s learnt by earlier reads (objects never change under their key). */
  crcs: { get(index: number): number | undefined; set(index: number, crc: number): void };
}

const CHUNK = 1 << 20;
/** Small files go to storage in batches of at most so many files and bytes, so many at once. */
const BATCH_FILES = 256;
const BATCH_BYTES = 1 << 20;
const BATCHES_AHEAD = 3;
const RING = Math.max(4 << 20, 2 * SMALL + 1);
/** Large files read at once to learn CRC-32s a slice needs but does not contain. */
const CRC_READS = 4;

const overlaps = (from: number, to: number, start: number, end: number) => from < end && to > start;

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function largeCrc(source: ZipSource, index: number): Promise<number> {
  let crc = 0;
  for await (const chunk of await source.read(index)) crc = crc32(chunk, crc);
  return crc;
}

const sharedMemory = (size: number) => Buffer.from(new SharedArrayBuffer(size));

/**
 * Small files read ahead in archive order, in batches, into one ring of shared
 * memory (which local storage fills from an I/O thread).
 */
class ReadAhead {
  private readonly source: ZipSource;
  private readonly sizes: number[];
  private readonly indices: number[];
  private readonly ring: Ring;
  private readonly batches: Promise<{ bytes: Buffer[]; crcs: number[] }>[] = [];
  private current: { bytes: Buffer[]; crcs: number[] } = { bytes: [], crcs: [] };
  private taken = 0;
  private next = 0;

  constructor(source: ZipSource, layout: ZipLayout, indices: number[]) {
    this.source = source;
    this.indices = indices;
    this.sizes = indices.map((i) => layout.entries[i]!.size);
    // No more memory than the files need (each of them fits: all are small).
    const needed = this.sizes.reduce((sum, size) => sum + size, 1);
    this.ring = new Ring(sharedMemory(Math.min(RING, needed)));
    this.fill();
  }

  private fill() {
    while (this.next < this.indices.length && this.batches.length < BATCHES_AHEAD) {
      const indices: number[] = [];
      const bytes: Buffer[] = [];
      let total = 0;
      while (this.next < this.indices.length && indices.length < BATCH_FILES) {
        const size = this.sizes[this.next]!;
        if (indices.length && total + size > BATCH_BYTES) break;
        const target = size === 0 ? Buffer.alloc(0) : this.ring.take(size);
        if (!target) break;
        indices.push(this.indices[this.next++]!);
        bytes.push(target);
        total += size;
      }
      if (!indices.length) return;
      const batch = this.source.readFiles(indices, bytes).then((crcs) => ({ bytes, crcs }));
      // Awaited in order by `take`; a failure is not unhandled meanwhile.
      batch.catch(() => undefined);
      this.batches.push(batch);
    }
  }

  /** The next file's bytes (valid until `done`) and CRC-32. */
  async take(): Promise<{ bytes: Buffer; crc: number }> {
    if (this.taken === this.current.bytes.length) {
      const batch = this.batches.shift()!;
      this.fill();
      this.current = await batch;
      this.taken = 0;
    }
    const at = this.taken++;
    return { bytes: this.current.bytes[at]!, crc: this.current.crcs[at]! };
  }

  done(bytes: Buffer) {
    if (bytes.length) this.ring.giveBack();
    this.fill();
  }
}

/**
 * The bytes [start, end) of the archive `layout` describes, in chunks of about
 * 1 MiB. The whole archive reads each file once; a slice reads the files it
 * overlaps, and whole the files whose CRC-32 it carries without their bytes
 * (unless an earlier read learnt it).
 */
export async function* zipBytes(
  layout: ZipLayout,
  source: ZipSource,
  start = 0,
  end = layout.total,
): AsyncGenerator<Buffer> {
  const { entries } = layout;
  const crcs: (number | undefined)[] = entries.map((_, i) => source.crcs.get(i));

  // CRC-32s this slice carries but will not compute from bytes it streams.
  const missing: number[] = [];
  entries.forEach((entry, i) => {
    if (crcs[i] !== undefined) return;
    const inCentral = overlaps(entry.centralStart, entry.centralEnd, start, end);
    const inDescriptor =
      !entry.small && overlaps(entry.dataStart + entry.size, entry.end, start, end);
    const streamed = entry.small
      ? overlaps(entry.headerStart, entry.end, start, end)
      : entry.dataStart >= start && entry.dataStart + entry.size <= end;
    if ((inCentral || inDescriptor) && !streamed) missing.push(i);
  });
  const missingSmall = missing.filter((i) => entries[i]!.small);
  for (let at = 0; at < missingSmall.length; at += BATCH_FILES) {
    const batch = missingSmall.slice(at, at + BATCH_FILES);
    const memory = sharedMemory(batch.reduce((sum, i) => sum + entries[i]!.size, 1));
    let offset = 0;
    const into = batch.map((i) => memory.subarray(offset, (offset += entries[i]!.size)));
    (await source.readFiles(batch, into)).forEach((crc, j) => {
      crcs[batch[j]!] = crc;
      source.crcs.set(batch[j]!, crc);
    });
  }
  await eachLimited(
    missing.filter((i) => !entries[i]!.small),
    CRC_READS,
    async (i) => {
      crcs[i] = await largeCrc(source, i);
      source.crcs.set(i, crcs[i]);
    },
  );

  let chunk = Buffer.allocUnsafe(CHUNK);
  let used = 0;
  const full: Buffer[] = [];
  /** Copies the part of `bytes` (at archive offset `at`) inside the slice into the chunk. */
  const put = (bytes: Buffer, at: number) => {
    let slice = bytes.subarray(
      Math.max(start - at, 0),
      Math.max(Math.min(end - at, bytes.length), 0),
    );
    while (slice.length) {
      const copied = slice.copy(chunk, used);
      used += copied;
      slice = slice.subarray(copied);
      if (used === chunk.length) {
        full.push(chunk);
        chunk = Buffer.allocUnsafe(CHUNK);
        used = 0;
      }
    }
  };
  /** Hands over what the chunk holds; the rest of its memory goes on being filled. */
  const flush = () => {
    if (used) full.push(chunk.subarray(0, used));
    chunk = chunk.length - used >= 64 * 1024 ? chunk.subarray(used) : Buffer.allocUnsafe(CHUNK);
    used = 0;
  };

  const smalls: number[] = [];
  entries.forEach((entry, i) => {
    if (entry.small && overlaps(entry.headerStart, entry.end, start, end)) smalls.push(i);
  });
  const ahead = new ReadAhead(source, layout, smalls);

  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (!overlaps(entry.headerStart, entry.end, start, end)) continue;
    if (entry.small) {
      const { bytes, crc } = await ahead.take();
      if (crcs[i] === undefined) source.crcs.set(i, crc);
      crcs[i] = crc;
      put(localHeader(entry, crc), entry.headerStart);
      put(bytes, entry.dataStart);
      ahead.done(bytes);
    } else {
      put(localHeader(entry, 0), entry.headerStart);
      const from = Math.max(start, entry.dataStart) - entry.dataStart;
      const to = Math.min(end, entry.dataStart + entry.size) - entry.dataStart;
      if (to > from) {
        const whole = from === 0 && to === entry.size;
        flush();
        yield* full.splice(0);
        let crc = 0;
        let count = 0;
        for await (const bytes of await source.read(i, { start: from, end: to - 1 })) {
          if (whole) crc = crc32(bytes, crc);
          count += bytes.length;
          if (count > to - from) break;
          yield bytes;
        }
        if (count !== to - from) throw new Error(`file ${i}: ${count} bytes, not ${to - from}`);
        if (whole) {
          if (crcs[i] === undefined) source.crcs.set(i, crc);
          crcs[i] = crc;
        }
      }
      put(dataDescriptor(entry, crcs[i] ?? 0), entry.dataStart + entry.size);
    }
    if (full.length) yield* full.splice(0);
  }

  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (!overlaps(entry.centralStart, entry.centralEnd, start, end)) continue;
    put(centralRecord(entry, crcs[i]!), entry.centralStart);
    if (full.length) yield* full.splice(0);
  }
  put(endRecords(layout), layout.centralEnd);
  flush();
  yield* full.splice(0);
}
