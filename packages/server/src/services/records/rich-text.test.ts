import { describe, expect, it } from 'vitest';
import { sanitizeDescriptions } from './rich-text.ts';

describe('sanitizeDescriptions', () => {
  it('keeps formatting and drops scripts, handlers and styles', () => {
    const metadata: Record<string, unknown> = {
      description:
        '<h2>Methods</h2><p onclick="x()">Data <strong>from</strong> <a href="javascript:alert(1)">here</a></p><script>alert(1)</script><style>p{}</style>',
      additional_descriptions: [
        { description: '<p>Notes<img src=x onerror=alert(1)></p>', type: { id: 'methods' } },
        { type: { id: 'other' } },
      ],
    };
    sanitizeDescriptions(metadata);
    expect(metadata.description).toBe(
      '<h2>Methods</h2><p>Data <strong>from</strong> <a rel="noopener noreferrer nofollow">here</a></p>',
    );
    expect(metadata.additional_descriptions).toEqual([
      { description: '<p>Notes</p>', type: { id: 'methods' } },
      { type: { id: 'other' } },
    ]);
  });

  it('leaves values that are not text to the validation', () => {
    const metadata: Record<string, unknown> = { description: 42 };
    sanitizeDescriptions(metadata);
    expect(metadata.description).toBe(42);
  });
});
