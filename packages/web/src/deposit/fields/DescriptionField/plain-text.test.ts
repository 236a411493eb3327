import { describe, expect, it } from 'vitest';
import { plainTextToDoc, plainTextToHtml } from './plain-text.ts';

describe('plainTextToHtml', () => {
  it('makes one paragraph a line and escapes markup', () => {
    expect(plainTextToHtml('a <b> & c\n\nd')).toBe('<p>a &lt;b&gt; &amp; c</p><p></p><p>d</p>');
  });

  it('leaves nothing as nothing', () => {
    expect(plainTextToHtml('')).toBe('');
  });
});

describe('plainTextToDoc', () => {
  it('keeps the trailing space of a line being typed', () => {
    expect(plainTextToDoc('soil cores \n')).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'soil cores ' }] },
        { type: 'paragraph' },
      ],
    });
  });
});
