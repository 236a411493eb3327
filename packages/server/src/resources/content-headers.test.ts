import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './content-headers.ts';

describe('parseRange', () => {
  it('reads one range, open ends and suffixes', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('refuses what lies outside the file, and ignores what it does not serve', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=not-a-range', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=', 100)).toBe('unsatisfiable');
  });
});

describe('contentDisposition', () => {
  it('shows safe types inline and downloads the rest, with an ASCII fallback name', () => {
    expect(contentDisposition('a.pdf', 'application/pdf', false)).toBe(
      `inline; filename="a.pdf"; filename*=UTF-8''a.pdf`,
    );
    expect(contentDisposition('page.html', 'text/html', false)).toMatch(/^attachment;/);
    expect(contentDisposition('a.pdf', 'application/pdf', true)).toMatch(/^attachment;/);
    expect(contentDisposition('naïve "x";.txt', 'text/plain', false)).toBe(
      `inline; filename="na_ve _x__.txt"; filename*=UTF-8''na%C3%AFve%20%22x%22%3B.txt`,
    );
  });
});
