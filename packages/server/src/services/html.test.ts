import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './html.ts';

describe('sanitizeDescription', () => {
  it('keeps formatting and drops what could run, the same on every call', () => {
    const pasted =
      '<p onclick="steal()">A <strong>bold</strong> <a href="javascript:x()">link</a></p><script>steal()</script>';
    const clean = '<p>A <strong>bold</strong> <a rel="noopener noreferrer nofollow">link</a></p>';
    expect(sanitizeDescription(pasted)).toBe(clean);
    expect(sanitizeDescription(pasted)).toBe(clean);
  });

  it('answers long texts and many different texts alike', () => {
    const long = `<p>${'word '.repeat(5_000)}</p><img src=x onerror="steal()">`;
    expect(sanitizeDescription(long)).toBe(`<p>${'word '.repeat(5_000)}</p>`);
    for (let i = 0; i < 300; i++) {
      expect(sanitizeDescription(`<em>${i}</em><iframe></iframe>`)).toBe(`<em>${i}</em>`);
    }
    expect(sanitizeDescription('<em>0</em><iframe></iframe>')).toBe('<em>0</em>');
  });
});
