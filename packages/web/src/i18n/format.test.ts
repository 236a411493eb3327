import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate } from './format.ts';

describe('formatBytes', () => {
  it('uses decimal units by default (SPEC §9)', () => {
    expect(formatBytes(999, 'en')).toBe('999 byte');
    expect(formatBytes(1500, 'en')).toBe('1.5 kB');
    expect(formatBytes(10_000_000_000, 'en')).toBe('10 GB');
  });

  it("writes the number and unit in the reader's language", () => {
    expect(formatBytes(1_500_000, 'de')).toBe('1,5 MB');
    expect(formatBytes(1_500_000, 'ar')).toBe('1.5 م.ب');
  });
});

describe('formatDate', () => {
  it('writes a day as the language does', () => {
    expect(formatDate('2026-02-01T10:00:00Z', 'en')).toBe('Feb 1, 2026');
    expect(formatDate('2026-02-01T10:00:00Z', 'de')).toBe('01.02.2026');
    expect(formatDate('2026-02-01T10:00:00Z', 'ja')).toBe('2026/02/01');
  });
});
