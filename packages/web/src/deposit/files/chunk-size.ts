// Part sizes of a multipart upload (API.md §9, SPEC §9): five log-spaced
// candidates between 5 MiB and the largest part that still covers 5 TiB in
// 10 000 parts; the largest candidate not above the file size wins.

export const MIN_CHUNK_SIZE = 5 * 1024 * 1024;
export const MAX_CHUNK_SIZE = 0x140000000;
export const MAX_PARTS = 10_000;
const MAX_UPLOAD_SIZE = 5 * 1024 ** 4;
const STEPS = 5;

/** 5 MiB, 16 MiB, 51.2 MiB, 163.84 MiB, 524.29 MiB (in bytes, rounded). */
export const CHUNK_CANDIDATES: readonly number[] = (() => {
  const largest = Math.min(MAX_CHUNK_SIZE, Math.ceil(MAX_UPLOAD_SIZE / MAX_PARTS));
  const ratio = Math.pow(largest / MIN_CHUNK_SIZE, 1 / (STEPS - 1));
  return Array.from({ length: STEPS }, (_, i) => Math.round(MIN_CHUNK_SIZE * Math.pow(ratio, i)));
})();

export class FileTooLargeError extends Error {}

/** The part size for a file; the whole file when it is smaller than the smallest part. */
export function chunkSize(fileSize: number): number {
  for (let i = CHUNK_CANDIDATES.length - 1; i >= 0; i -= 1) {
    const candidate = CHUNK_CANDIDATES[i] ?? MIN_CHUNK_SIZE;
    if (candidate <= fileSize && Math.ceil(fileSize / candidate) <= MAX_PARTS) return candidate;
  }
  if (fileSize > (CHUNK_CANDIDATES.at(-1) ?? MAX_CHUNK_SIZE) * MAX_PARTS) {
    throw new FileTooLargeError('exceedsSize');
  }
  return Math.max(fileSize, 1);
}

export const partCount = (fileSize: number) =>
  Math.max(1, Math.ceil(fileSize / chunkSize(fileSize)));

/** Multipart only when it makes more than one part (API.md §9, shouldUseMultipart). */
export const usesMultipart = (fileSize: number) => partCount(fileSize) > 1;
