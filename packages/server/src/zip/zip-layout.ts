/**
 * Where every byte of a stored-only zip goes, computed from the names, sizes and
 * times alone (APPNOTE 6.3.10), so that the archive's length is known before a
 * byte is read and any slice of it can be produced on its own. The layout is a
 * pure function of its input: the same files give the same bytes.
 *
 * Files up to SMALL bytes are read whole before their header is written: their
 * CRC-32 goes in the local header. Larger files stream, and their CRC-32 follows
 * them in a data descriptor (flag bit 3), with the sizes also in the local
 * header for readers that stream. ZIP64 fields appear only where a value does
 * not fit (a size or an offset of 4 GiB or more, 65,535 entries or more).
 */

export const SMALL = 256 * 1024;
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;

const LOCAL = 30;
const CENTRAL = 46;
const EOCD = 22;
const EOCD64 = 56;
const LOCATOR64 = 20;

export interface ZipInput {
  name: string;
  size: number;
  mtime: Date;
}

export interface ZipEntry {
  name: Buffer;
  size: number;
  /** MS-DOS time and date (UTC: the same bytes wherever the server runs). */
  time: number;
  date: number;
  /** Read whole, CRC-32 in the local header, no data descriptor. */
  small: boolean;
  /** The local header carries a ZIP64 extra field (size of 4 GiB or more). */
  zip64: boolean;
  /** Offsets in the archive: local header, data, data descriptor (= dataStart + size), end. */
  headerStart: number;
  dataStart: number;
  end: number;
  /** Its record in the central directory. */
  centralStart: number;
  centralEnd: number;
}

export interface ZipLayout {
  entries: ZipEntry[];
  centralStart: number;
  centralEnd: number;
  /** Whether a ZIP64 end record and locator come before the end record. */
  zip64End: boolean;
  /** The archive's length in bytes. */
  total: number;
}

function dosTime(mtime: Date): { time: number; date: number } {
  const year = Math.min(Math.max(mtime.getUTCFullYear(), 1980), 2107);
  const clamped = year !== mtime.getUTCFullYear();
  return {
    time: clamped
      ? 0
      : (mtime.getUTCHours() << 11) |
        (mtime.getUTCMinutes() << 5) |
        Math.floor(mtime.getUTCSeconds() / 2),
    date:
      ((year - 1980) << 9) |
      ((clamped ? 1 : mtime.getUTCMonth() + 1) << 5) |
      (clamped ? 1 : mtime.getUTCDate()),
  };
}

/** The ZIP64 extra field of a central record: the values that do not fit, in APPNOTE's order. */
function central64(entry: Pick<ZipEntry, 'size' | 'headerStart'>): number {
  const big = (entry.size >= MAX32 ? 2 : 0) + (entry.headerStart >= MAX32 ? 1 : 0);
  return big === 0 ? 0 : 4 + 8 * big;
}

export function layoutZip(inputs: readonly ZipInput[]): ZipLayout {
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (const input of inputs) {
    const name = Buffer.from(input.name, 'utf8');
    const small = input.size <= SMALL;
    const zip64 = input.size >= MAX32;
    const headerStart = offset;
    const dataStart = headerStart + LOCAL + name.length + (zip64 ? 20 : 0);
    const end = dataStart + input.size + (small ? 0 : zip64 ? 24 : 16);
    entries.push({
      name,
      size: input.size,
      ...dosTime(input.mtime),
      small,
      zip64,
      headerStart,
      dataStart,
      end,
      centralStart: 0,
      centralEnd: 0,
    });
    offset = end;
  }
  const centralStart = offset;
  for (const entry of entries) {
    entry.centralStart = offset;
    offset += CENTRAL + entry.name.length + central64(entry);
    entry.centralEnd = offset;
  }
  const centralEnd = offset;
  const zip64End =
    entries.length >= MAX16 || centralStart >= MAX32 || centralEnd - centralStart >= MAX32;
  return {
    entries,
    centralStart,
    centralEnd,
    zip64End,
    total: centralEnd + (zip64End ? EOCD64 + LOCATOR64 : 0) + EOCD,
  };
}

const FLAGS_UTF8 = 0x0800;
const FLAGS_DESCRIPTOR = 0x0008;
const flagsOf = (entry: ZipEntry) => FLAGS_UTF8 | (entry.small ? 0 : FLAGS_DESCRIPTOR);
const neededOf = (entry: ZipEntry, central = false) =>
  entry.zip64 || (central && central64(entry) > 0) ? 45 : 20;

/** The local header of an entry; `crc` is used only for small entries. */
export function localHeader(entry: ZipEntry, crc: number): Buffer {
  const out = Buffer.alloc(entry.dataStart - entry.headerStart);
  out.writeUInt32LE(0x04034b50, 0);
  out.writeUInt16LE(neededOf(entry), 4);
  out.writeUInt16LE(flagsOf(entry), 6);
  out.writeUInt16LE(0, 8); // stored
  out.writeUInt16LE(entry.time, 10);
  out.writeUInt16LE(entry.date, 12);
  out.writeUInt32LE(entry.small ? crc : 0, 14);
  const size = entry.zip64 ? MAX32 : entry.size;
  out.writeUInt32LE(size, 18);
  out.writeUInt32LE(size, 22);
  out.writeUInt16LE(entry.name.length, 26);
  out.writeUInt16LE(entry.zip64 ? 20 : 0, 28);
  entry.name.copy(out, LOCAL);
  if (entry.zip64) {
    const at = LOCAL + entry.name.length;
    out.writeUInt16LE(0x0001, at);
    out.writeUInt16LE(16, at + 2);
    out.writeBigUInt64LE(BigInt(entry.size), at + 4);
    out.writeBigUInt64LE(BigInt(entry.size), at + 12);
  }
  return out;
}

/** The data descriptor that follows a streamed (not small) entry. */
export function dataDescriptor(entry: ZipEntry, crc: number): Buffer {
  const out = Buffer.alloc(entry.zip64 ? 24 : 16);
  out.writeUInt32LE(0x08074b50, 0);
  out.writeUInt32LE(crc, 4);
  if (entry.zip64) {
    out.writeBigUInt64LE(BigInt(entry.size), 8);
    out.writeBigUInt64LE(BigInt(entry.size), 16);
  } else {
    out.writeUInt32LE(entry.size, 8);
    out.writeUInt32LE(entry.size, 12);
  }
  return out;
}

/** An entry's record in the central directory. */
export function centralRecord(entry: ZipEntry, crc: number): Buffer {
  const out = Buffer.alloc(entry.centralEnd - entry.centralStart);
  const extra = central64(entry);
  out.writeUInt32LE(0x02014b50, 0);
  out.writeUInt16LE((3 << 8) | 63, 4); // made by: Unix, APPNOTE 6.3
  out.writeUInt16LE(neededOf(entry, true), 6);
  out.writeUInt16LE(flagsOf(entry), 8);
  out.writeUInt16LE(0, 10);
  out.writeUInt16LE(entry.time, 12);
  out.writeUInt16LE(entry.date, 14);
  out.writeUInt32LE(crc, 16);
  const size = Math.min(entry.size, MAX32);
  out.writeUInt32LE(size, 20);
  out.writeUInt32LE(size, 24);
  out.writeUInt16LE(entry.name.length, 28);
  out.writeUInt16LE(extra, 30);
  // Comment length, disk, internal attributes: zero.
  out.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  out.writeUInt32LE(Math.min(entry.headerStart, MAX32), 42);
  entry.name.copy(out, CENTRAL);
  if (extra) {
    let at = CENTRAL + entry.name.length;
    out.writeUInt16LE(0x0001, at);
    out.writeUInt16LE(extra - 4, at + 2);
    at += 4;
    if (entry.size >= MAX32) {
      out.writeBigUInt64LE(BigInt(entry.size), at);
      out.writeBigUInt64LE(BigInt(entry.size), at + 8);
      at += 16;
    }
    if (entry.headerStart >= MAX32) out.writeBigUInt64LE(BigInt(entry.headerStart), at);
  }
  return out;
}

/** What follows the central directory: the ZIP64 end record and locator if needed, the end record. */
export function endRecords(layout: ZipLayout): Buffer {
  const out = Buffer.alloc(layout.total - layout.centralEnd);
  const count = layout.entries.length;
  const size = layout.centralEnd - layout.centralStart;
  let at = 0;
  if (layout.zip64End) {
    out.writeUInt32LE(0x06064b50, 0);
    out.writeBigUInt64LE(BigInt(EOCD64 - 12), 4);
    out.writeUInt16LE((3 << 8) | 63, 12);
    out.writeUInt16LE(45, 14);
    // Disk numbers: zero.
    out.writeBigUInt64LE(BigInt(count), 24);
    out.writeBigUInt64LE(BigInt(count), 32);
    out.writeBigUInt64LE(BigInt(size), 40);
    out.writeBigUInt64LE(BigInt(layout.centralStart), 48);
    out.writeUInt32LE(0x07064b50, 56);
    out.writeBigUInt64LE(BigInt(layout.centralEnd), 64);
    out.writeUInt32LE(1, 72);
    at = EOCD64 + LOCATOR64;
  }
  out.writeUInt32LE(0x06054b50, at);
  out.writeUInt16LE(Math.min(count, MAX16), at + 8);
  out.writeUInt16LE(Math.min(count, MAX16), at + 10);
  out.writeUInt32LE(Math.min(size, MAX32), at + 12);
  out.writeUInt32LE(Math.min(layout.centralStart, MAX32), at + 16);
  return out;
}
