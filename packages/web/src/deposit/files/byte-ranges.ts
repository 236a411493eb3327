// A set of byte ranges [start, end) of a file: the parts the file's hash
// waits for (file-sha256-queue.ts), added as parts are asked for and taken
// away as their bytes arrive.

export interface ByteRanges {
  add(start: number, end: number): void;
  remove(start: number, end: number): void;
  /** Whether byte `at` is in the set. */
  has(at: number): boolean;
  /** The start of the first range after `at`, or Infinity. */
  nextAfter(at: number): number;
  clear(): void;
}

export function byteRanges(): ByteRanges {
  let ranges: [number, number][] = [];
  return {
    add(start, end) {
      if (start < end) ranges.push([start, end]);
    },
    remove(start, end) {
      ranges = ranges.flatMap(([from, to]): [number, number][] => {
        if (to <= start || end <= from) return [[from, to]];
        const left: [number, number][] = from < start ? [[from, start]] : [];
        return end < to ? [...left, [end, to]] : left;
      });
    },
    has: (at) => ranges.some(([from, to]) => from <= at && at < to),
    nextAfter: (at) => Math.min(Infinity, ...ranges.map(([from]) => from).filter((f) => f > at)),
    clear() {
      ranges = [];
    },
  };
}
