import { describe, expect, it } from 'vitest';
import {
  CHUNK_CANDIDATES,
  chunkSize,
  FileTooLargeError,
  partCount,
  usesMultipart,
} from './chunk-size.ts';

const MiB = 1024 * 1024;

describe('chunk sizes', () => {
  it('has the five candidates of API.md §9', () => {
    expect(CHUNK_CANDIDATES).toEqual([5_242_880, 16_777_216, 53_687_091, 171_798_692, 549_755_814]);
  });

  it('uploads small files in one part, without multipart', () => {
    expect(chunkSize(3 * MiB)).toBe(3 * MiB);
    expect(usesMultipart(3 * MiB)).toBe(false);
    expect(usesMultipart(5 * MiB)).toBe(false);
  });

  it('picks the largest candidate not above the file size', () => {
    expect(chunkSize(6 * MiB)).toBe(5 * MiB);
    expect(partCount(6 * MiB)).toBe(2);
    expect(usesMultipart(6 * MiB)).toBe(true);
    expect(chunkSize(1024 * MiB)).toBe(549_755_814);
    expect(chunkSize(200 * MiB)).toBe(171_798_692);
    expect(partCount(1024 * MiB)).toBe(2);
  });

  it('never needs more than 10 000 parts and refuses what would', () => {
    const huge = 4 * 1024 ** 4;
    expect(partCount(huge)).toBeLessThanOrEqual(10_000);
    expect(() => chunkSize(6 * 1024 ** 4)).toThrow(FileTooLargeError);
  });
});
