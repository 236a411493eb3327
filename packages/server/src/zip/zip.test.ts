import { execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  rmSync,
  truncateSync,
  writeFileSync,
  openSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutZip, SMALL, type ZipInput } from './zip-layout.ts';
import { zipBytes, type ZipSource } from './zip-stream.ts';

const work = mkdtempSync(path.join(tmpdir(), 'arca-zip-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Files held in memory; `known` CRC-32s stand for what earlier downloads learnt. */
function memorySource(files: Buffer[], known = new Map<number, number>()) {
  const reads: number[] = [];
  const source: ZipSource = {
    readFiles(indices, into) {
      reads.push(...indices);
      indices.forEach((index, i) => files[index]!.copy(into[i]!));
      return Promise.resolve(into.map((bytes) => crc32(bytes)));
    },
    read(index, range) {
      reads.push(index);
      const bytes = files[index]!;
      const slice = range ? bytes.subarray(range.start, range.end + 1) : bytes;
      // In uneven pieces, as storage streams them.
      const pieces = [slice.subarray(0, 1000), slice.subarray(1000)];
      return Promise.resolve(Readable.from(pieces.filter((p) => p.length)));
    },
    crcs: { get: (i) => known.get(i), set: (i, crc) => known.set(i, crc) },
  };
  return { source, reads, known };
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(Buffer.from(chunk));
  return Buffer.concat(all);
}

const bytesOf = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed * 7) & 0xff));

const mtime = new Date('2024-03-05T12:34:56Z');
const inputs: ZipInput[] = [
  { name: 'empty.txt', size: 0, mtime },
  { name: 'data/table.csv', size: 5000, mtime },
  { name: 'r\u00e9sum\u00e9 \u6570\u636e.bin', size: SMALL, mtime },
  { name: 'large.bin', size: SMALL + 123_457, mtime },
  { name: 'last.txt', size: 17, mtime: new Date('2030-01-01T00:00:01Z') },
];
const files = inputs.map((input, i) => bytesOf(input.size, i));

describe('stored zip', () => {
  it('is what unzip reads back, byte for byte, with its length known ahead', async () => {
    const layout = layoutZip(inputs);
    const zip = await collect(zipBytes(layout, memorySource(files).source));
    expect(zip.length).toBe(layout.total);
    const file = path.join(work, 'all.zip');
    writeFileSync(file, zip);
    expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
    for (const [i, input] of inputs.entries()) {
      const out = execFileSync('unzip', ['-p', file, input.name], { maxBuffer: 1 << 24 });
      expect(out.equals(files[i]!), input.name).toBe(true);
    }
    const listing = execFileSync('unzip', ['-Z', '-T', file]).toString();
    // Times from the rows, in UTC (stored with two-second steps).
    expect(listing).toContain('20240305.123456');
    expect(listing).toContain('20300101.000000');
  });

  it('gives the same bytes for every slice as the whole archive has there', async () => {
    const layout = layoutZip(inputs);
    const whole = await collect(zipBytes(layout, memorySource(files).source));
    const cuts = [0, 1, 29, 30, 45, layout.entries[3]!.dataStart + 10, layout.entries[3]!.end - 3];
    cuts.push(
      layout.centralStart - 1,
      layout.centralStart + 50,
      layout.total - 22,
      layout.total - 1,
    );
    for (const start of cuts) {
      for (const end of [start + 1, start + 100, layout.total]) {
        if (end > layout.total) continue;
        // No CRC-32 known: the slice reads what it needs on its own.
        const slice = await collect(zipBytes(layout, memorySource(files).source, start, end));
        expect(slice.equals(whole.subarray(start, end)), `${start}-${end}`).toBe(true);
      }
    }
  });

  it('reads for a slice only the files it overlaps and those whose CRC-32 it lacks', async () => {
    const layout = layoutZip(inputs);
    const first = memorySource(files);
    await collect(zipBytes(layout, first.source));
    expect(first.reads.sort()).toEqual([0, 1, 2, 3, 4]); // each file once
    // The tail of the archive (the central directory), CRC-32s learnt: no file read.
    const tail = memorySource(files, first.known);
    await collect(zipBytes(layout, tail.source, layout.centralStart));
    expect(tail.reads).toEqual([]);
    const cold = memorySource(files);
    await collect(zipBytes(layout, cold.source, layout.entries[4]!.headerStart));
    expect(cold.known.get(3)).toBe(crc32(files[3]!));
  });

  it('switches to ZIP64 at 65,535 entries, which unzip reads', async () => {
    const many = Array.from({ length: 65_535 }, (_, i) => ({ name: `f${i}`, size: 1, mtime }));
    const layout = layoutZip(many);
    expect(layout.zip64End).toBe(true);
    expect(layoutZip(many.slice(1)).zip64End).toBe(false);
    const contents = many.map((_, i) => Buffer.from([i & 0xff]));
    const zip = await collect(zipBytes(layout, memorySource(contents).source));
    expect(zip.length).toBe(layout.total);
    const file = path.join(work, 'many.zip');
    writeFileSync(file, zip);
    expect(execFileSync('unzip', ['-tq', file]).toString()).toMatch(/No errors detected/);
    expect(execFileSync('unzip', ['-p', file, 'f65534']).equals(Buffer.from([65_534 & 0xff]))).toBe(
      true,
    );
  });

  it('writes ZIP64 sizes and offsets past 4 GiB, exactly where the layout says', async () => {
    const GiB = 1024 ** 3;
    const big: ZipInput[] = [
      { name: 'huge.bin', size: 5 * GiB, mtime },
      { name: 'after.txt', size: 3, mtime },
    ];
    const layout = layoutZip(big);
    const [huge, after] = layout.entries;
    expect(huge).toMatchObject({ zip64: true, dataStart: 30 + 8 + 20, end: 58 + 5 * GiB + 24 });
    expect(after!.headerStart).toBe(huge!.end);
    // Central records: the huge file with both sizes in ZIP64, the next with its offset.
    expect(layout.centralStart).toBe(after!.end);
    expect(huge!.centralEnd - huge!.centralStart).toBe(46 + 8 + 20);
    expect(after!.centralEnd - after!.centralStart).toBe(46 + 9 + 12);
    expect(layout.total).toBe(after!.centralEnd + 56 + 20 + 22);
    // Everything but the huge file's bytes, written into a sparse file where it belongs.
    const contents = [Buffer.alloc(0), Buffer.from('abc')];
    const { source } = memorySource(contents, new Map([[0, 0x12345678]]));
    const file = path.join(work, 'huge.zip');
    writeFileSync(file, '');
    truncateSync(file, layout.total);
    const fd = openSync(file, 'r+');
    for (const [start, end] of [
      [0, huge!.dataStart],
      [huge!.dataStart + 5 * GiB, layout.total],
    ] as const) {
      writeSync(fd, await collect(zipBytes(layout, source, start, end)), 0, end - start, start);
    }
    closeSync(fd);
    const script = `import zipfile,sys
z = zipfile.ZipFile(sys.argv[1])
for i in z.infolist(): print(i.filename, i.file_size, i.header_offset, hex(i.CRC))
print(z.open('after.txt').read().decode())`;
    const out = execFileSync('python3', ['-c', script, file]).toString().trim().split('\n');
    expect(out).toEqual([
      `huge.bin ${5 * GiB} 0 0x12345678`,
      `after.txt 3 ${after!.headerStart} ${'0x' + crc32(Buffer.from('abc')).toString(16)}`,
      'abc',
    ]);
  });
});
