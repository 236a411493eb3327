import { describe, expect, it } from 'vitest';
import { dropEmpty } from './document.ts';

describe('dropEmpty', () => {
  it("removes null, '', [] and {} at every depth and keeps the rest in order", () => {
    expect(
      dropEmpty({
        title: 'Cores',
        empty: '',
        none: null,
        zero: 0,
        no: false,
        creators: [{ person_or_org: { name: '', identifiers: [] } }, { role: { id: 'editor' } }],
        dates: [],
        nested: { deeper: { deepest: {} } },
      }),
    ).toEqual({ title: 'Cores', zero: 0, no: false, creators: [{ role: { id: 'editor' } }] });
    expect(Object.keys(dropEmpty({ b: 1, a: 2, c: '' }) as object)).toEqual(['b', 'a']);
  });

  it('answers undefined for a value that is empty all through', () => {
    expect(dropEmpty({ a: [{}, null, ''], b: { c: [] } })).toBeUndefined();
  });

  it('keeps a "__proto__" key from JSON as a plain key, without touching the prototype', () => {
    const kept = dropEmpty(JSON.parse('{"__proto__": {"polluted": true}, "title": "x"}')) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(kept)).toEqual(['__proto__', 'title']);
    expect(JSON.stringify(kept)).toBe('{"__proto__":{"polluted":true},"title":"x"}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
