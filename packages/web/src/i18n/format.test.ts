import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatLongDate,
  formatPublicationDate,
  formatRelativeTime,
} from './format.ts';

describe('formatBytes', () => {
  it('uses decimal units by default (SPEC §9)', () => {
    expect(formatBytes(999, 'en')).toBe('999 bytes');
    expect(formatBytes(1500, 'en')).toBe('1.5 kB');
    expect(formatBytes(10_000_000_000, 'en')).toBe('10 GB');
  });

  it("writes the number and unit in the reader's language", () => {
    expect(formatBytes(1_500_000, 'de')).toBe('1,5 MB');
    expect(formatBytes(1_500_000, 'ar')).toBe('1.5 م.ب');
  });
});

describe('formatBytes in words, with the plural of each language', () => {
  it.each([
    ['en', 0, '0 bytes'],
    ['en', 1, '1 byte'],
    ['en', 377, '377 bytes'],
    ['pl', 2, '2 bajty'],
    ['pl', 5, '5 bajtów'],
    ['ru', 2, '2 байта'],
  ])('%s: %d → %s', (language, bytes, text) => {
    expect(formatBytes(bytes, language)).toBe(text);
  });
});

describe('formatPublicationDate', () => {
  it('writes a day, a month or a year in the long style, in any time zone', () => {
    expect(formatPublicationDate('2026-03-15', 'en')).toBe('March 15, 2026');
    expect(formatPublicationDate('2026-03-15', 'en-GB')).toBe('15 March 2026');
    expect(formatPublicationDate('2026-03-15', 'de')).toBe('15. März 2026');
    expect(formatPublicationDate('2026-03', 'en')).toBe('March 2026');
    expect(formatPublicationDate('2026', 'en')).toBe('2026');
    expect(formatPublicationDate('2020-01/2020-06', 'en')).toBe('2020-01/2020-06');
  });

  it('matches the style of formatLongDate, so a line of dates reads alike', () => {
    expect(formatLongDate('2026-11-25T12:00:00Z', 'en')).toBe('November 25, 2026');
  });
});

describe('formatDate', () => {
  it('writes a day as the language does', () => {
    expect(formatDate('2026-02-01T10:00:00Z', 'en')).toBe('Feb 1, 2026');
    expect(formatDate('2026-02-01T10:00:00Z', 'de')).toBe('01.02.2026');
    expect(formatDate('2026-02-01T10:00:00Z', 'ja')).toBe('2026/02/01');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('says how long ago, in the language', () => {
    expect(formatRelativeTime('2026-03-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-03-10T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-10T11:59:30Z', 'en', now)).toBe('now');
    expect(formatRelativeTime('2026-03-07T12:00:00Z', 'de', now)).toBe('vor 3 Tagen');
  });
});
