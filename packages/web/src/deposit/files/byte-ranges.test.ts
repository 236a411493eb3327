import { describe, expect, it } from 'vitest';
import { byteRanges } from './byte-ranges.ts';

describe('a set of byte ranges', () => {
  it('holds what was added and not removed', () => {
    const ranges = byteRanges();
    ranges.add(0, 100);
    ranges.add(200, 300);
    ranges.remove(20, 40);
    ranges.remove(250, 400);
    expect([0, 19, 20, 39, 40, 99, 100, 200, 249, 250].map((at) => ranges.has(at))).toEqual([
      true,
      true,
      false,
      false,
      true,
      true,
      false,
      true,
      true,
      false,
    ]);
    expect([0, 20, 40, 200].map((at) => ranges.nextAfter(at))).toEqual([40, 40, 200, Infinity]);
    ranges.clear();
    expect(ranges.has(0)).toBe(false);
  });
});
