import { describe, it, expect } from 'vitest';
import {
  describe as describeQuery,
  MAX_NESTING,
  MAX_QUERY_LENGTH,
  parseQuery,
  QuerySyntaxError,
} from './query-parser.ts';
import type { QueryNode } from './query-parser.ts';
import { seededRandom } from '@arca/schema/seeded-random';

const parsed = (q: string) => describeQuery(parseQuery(q));

const term = (value: string, extra: Partial<Extract<QueryNode, { kind: 'term' }>> = {}) => ({
  kind: 'term',
  field: null,
  value,
  phrase: false,
  prefix: false,
  ...extra,
});

describe('terms and phrases', () => {
  it.each([
    ['', 'all'],
    ['   \t\n ', 'all'],
    ['*', 'all'],
    ['*:*', 'all'],
    ['soil', 'term(soil)'],
    ['soil moisture', 'AND(term(soil), term(moisture))'],
    ['  soil   moisture  ', 'AND(term(soil), term(moisture))'],
    ['"soil moisture"', 'term("soil moisture")'],
    ['"soil moisture" data', 'AND(term("soil moisture"), term(data))'],
    ['Soil MOISTURE', 'AND(term(Soil), term(MOISTURE))'],
    ['and or not', 'AND(term(and), term(or), term(not))'],
    ['Müller 日本語 🦆', 'AND(term(Müller), term(日本語), term(🦆))'],
    ['https://example.org/a?b=c', 'term(https://example.org/a?b=c)'],
    ['a1b2c-3d4e5', 'term(a1b2c-3d4e5)'],
    ['wow!', 'term(wow!)'],
    ['a&&b a||b', 'AND(term(a&&b), term(a||b))'],
  ])('%j → %s', (q, expected) => {
    expect(parsed(q)).toBe(expected);
  });

  it('returns plain term objects and keeps case', () => {
    expect(parseQuery('Soil')).toEqual(term('Soil'));
    expect(parseQuery('"Soil Moisture"')).toEqual(term('Soil Moisture', { phrase: true }));
  });
});

describe('fields', () => {
  it.each([
    ['title:soil', 'term(title:soil)'],
    ['title:"soil moisture"', 'term(title:"soil moisture")'],
    [
      'metadata.creators.person_or_org.name:"Doe, Jane"',
      'term(metadata.creators.person_or_org.name:"Doe, Jane")',
    ],
    ['parent.communities.ids:abc', 'term(parent.communities.ids:abc)'],
    ['id:a1b2c-3d4e5', 'term(id:a1b2c-3d4e5)'],
    ['doi:10.1234/abc', 'term(doi:10.1234/abc)'],
    ['doi:10.1234/abc:def', 'term(doi:10.1234/abc:def)'],
    ['a:b:c', 'term(a:b:c)'],
    ['temperature:-5', 'term(temperature:-5)'],
    ['title:AND', 'term(title:AND)'],
    ['url:https://x.org/y', 'term(url:https://x.org/y)'],
    ['title: soil', 'term(title:soil)'],
    ['*:soil', 'term(soil)'],
    ['title:(a OR b)', 'OR(term(title:a), term(title:b))'],
    ['title:(a -b "c d")', 'AND(term(title:a), NOT(term(title:b)), term(title:"c d"))'],
    ['title:(a OR id:b)', 'OR(term(title:a), term(id:b))'],
    ['title:(a (b OR c))', 'AND(term(title:a), OR(term(title:b), term(title:c)))'],
    ['-title:soil', 'AND(all, NOT(term(title:soil)))'],
    ['1a:b', 'term(1a:b)'],
    [':soil', 'term(:soil)'],
    ['über:x', 'term(über:x)'],
  ])('%j → %s', (q, expected) => {
    expect(parsed(q)).toBe(expected);
  });

  it('keeps the value exactly as typed', () => {
    expect(parseQuery('id:a1b2c-3d4e5')).toEqual(term('a1b2c-3d4e5', { field: 'id' }));
  });

  it('reads `field:*` as "the field has any value"', () => {
    expect(parseQuery('title:*')).toEqual(term('', { field: 'title', prefix: true }));
    expect(parseQuery('title:(*)')).toEqual(term('', { field: 'title', prefix: true }));
  });

  it('accepts an escaped colon inside a field name (namespaced custom fields)', () => {
    expect(parseQuery('custom_fields.journal\\:journal.title:Nature')).toEqual(
      term('Nature', { field: 'custom_fields.journal:journal.title' }),
    );
  });
});

describe('ranges', () => {
  it.each([
    ['metadata.publication_date:[2020 TO 2021]', 'range(metadata.publication_date:[2020 TO 2021])'],
    ['date:{2020 TO 2021-06}', 'range(date:{2020 TO 2021-06})'],
    ['date:[2020 TO 2021}', 'range(date:[2020 TO 2021})'],
    ['date:[* TO 2021]', 'range(date:[* TO 2021])'],
    ['date:>2020', 'range(date:{2020 TO *})'],
    ['date:>=2020', 'range(date:[2020 TO *})'],
    ['date:<2020', 'range(date:{* TO 2020})'],
    ['date:<=2020-05', 'range(date:{* TO 2020-05])'],
    ['soil AND date:[2020 TO 2021]', 'AND(term(soil), range(date:[2020 TO 2021]))'],
    ['-date:[2020 TO 2021]', 'AND(all, NOT(range(date:[2020 TO 2021])))'],
    ['date:>', 'term(date:>)'],
  ])('%j → %s', (q, expected) => {
    expect(parsed(q)).toBe(expected);
  });

  it.each(['date:[2020 TO 2021', 'date:[2020 2021]', 'date:[2020 TO]', '*:[1 TO 2]'])(
    'refuses %j',
    (q) => {
      expect(() => parseQuery(q)).toThrow(QuerySyntaxError);
    },
  );
});

describe('wildcards', () => {
  it('turns a trailing * into a prefix search', () => {
    expect(parseQuery('moist*')).toEqual(term('moist', { prefix: true }));
    expect(parseQuery('moist**')).toEqual(term('moist', { prefix: true }));
    expect(parseQuery('title:moist*')).toEqual(term('moist', { field: 'title', prefix: true }));
    expect(parsed('soil moist* -x*')).toBe('AND(term(soil), term(moist*), NOT(term(x*)))');
  });

  it('keeps a * elsewhere, or escaped, literally', () => {
    expect(parseQuery('mo*st')).toEqual(term('mo*st'));
    expect(parseQuery('*moist')).toEqual(term('*moist'));
    expect(parseQuery('moist\\*')).toEqual(term('moist*'));
    expect(parseQuery('\\*')).toEqual(term('*'));
    expect(parseQuery('"moist*"')).toEqual(term('moist*', { phrase: true }));
  });

  it('drops * next to other clauses in an AND and absorbs an OR', () => {
    expect(parsed('soil *')).toBe('term(soil)');
    expect(parsed('soil OR *')).toBe('all');
  });
});

describe('escapes', () => {
  it.each([
    ['10.1234\\/abc', '10.1234/abc'],
    ['a\\:b', 'a:b'],
    ['\\(a\\)', '(a)'],
    ['\\"a', '"a'],
    ['\\-a', '-a'],
    ['\\+a', '+a'],
    ['\\!a', '!a'],
    ['\\AND', 'AND'],
    ['a\\ b', 'a b'],
    ['a\\\\', 'a\\'],
    ['a\\', 'a\\'],
  ])('%j → term %j', (q, value) => {
    expect(parseQuery(q)).toEqual(term(value));
  });

  it('unescapes inside phrases and field values', () => {
    expect(parseQuery('"say \\"hi\\""')).toEqual(term('say "hi"', { phrase: true }));
    expect(parseQuery('doi:10.1234\\/abc')).toEqual(term('10.1234/abc', { field: 'doi' }));
  });
});

describe('boolean operators', () => {
  it.each([
    ['a AND b', 'AND(term(a), term(b))'],
    ['a && b', 'AND(term(a), term(b))'],
    ['a OR b', 'OR(term(a), term(b))'],
    ['a || b', 'OR(term(a), term(b))'],
    ['a NOT b', 'AND(term(a), NOT(term(b)))'],
    ['a AND NOT b', 'AND(term(a), NOT(term(b)))'],
    ['a !b', 'AND(term(a), NOT(term(b)))'],
    ['a ! b', 'AND(term(a), NOT(term(b)))'],
    ['a -b', 'AND(term(a), NOT(term(b)))'],
    ['a - b', 'AND(term(a), NOT(term(b)))'],
    ['+a -b', 'AND(term(a), NOT(term(b)))'],
    ['+a +b', 'AND(term(a), term(b))'],
    ['a OR -b', 'OR(term(a), NOT(term(b)))'],
    ['-"soil moisture"', 'AND(all, NOT(term("soil moisture")))'],
    ['NOT NOT a', 'term(a)'],
    ['--a', 'term(a)'],
    ['!!!a', 'AND(all, NOT(term(a)))'],
    ['a and b or c', 'AND(term(a), term(and), term(b), term(or), term(c))'],
  ])('%j → %s', (q, expected) => {
    expect(parsed(q)).toBe(expected);
  });
});

describe('precedence and grouping', () => {
  it.each([
    ['a OR b c', 'OR(term(a), AND(term(b), term(c)))'],
    ['a b OR c', 'OR(AND(term(a), term(b)), term(c))'],
    ['a OR b AND c', 'OR(term(a), AND(term(b), term(c)))'],
    ['a AND b OR c AND d', 'OR(AND(term(a), term(b)), AND(term(c), term(d)))'],
    ['NOT a AND b', 'AND(NOT(term(a)), term(b))'],
    ['NOT a OR b', 'OR(NOT(term(a)), term(b))'],
    ['(a OR b) c', 'AND(OR(term(a), term(b)), term(c))'],
    ['NOT (a OR b) c', 'AND(NOT(OR(term(a), term(b))), term(c))'],
    ['a (b (c d))', 'AND(term(a), term(b), term(c), term(d))'],
    ['a OR (b OR (c OR d))', 'OR(term(a), term(b), term(c), term(d))'],
    ['((a))', 'term(a)'],
    ['(a)(b)', 'AND(term(a), term(b))'],
    ['"a"b', 'AND(term("a"), term(b))'],
  ])('%j → %s', (q, expected) => {
    expect(parsed(q)).toBe(expected);
  });

  it('drops empty groups and blank phrases', () => {
    expect(parsed('()')).toBe('all');
    expect(parsed('(()) ""')).toBe('all');
    expect(parsed('a () b')).toBe('AND(term(a), term(b))');
    expect(parsed('a AND ()')).toBe('term(a)');
    expect(parsed('() OR a')).toBe('term(a)');
    expect(parsed('a NOT ()')).toBe('term(a)');
    expect(parsed('a "  "')).toBe('term(a)');
  });

  it('gives a query of only negations something to subtract from', () => {
    expect(parsed('-a')).toBe('AND(all, NOT(term(a)))');
    expect(parsed('NOT a -b')).toBe('AND(all, NOT(term(a)), NOT(term(b)))');
    expect(parsed('(-a -b)')).toBe('AND(all, NOT(term(a)), NOT(term(b)))');
    expect(parsed('-a OR -b')).toBe('AND(all, OR(NOT(term(a)), NOT(term(b))))');
    expect(parsed('* -a')).toBe('AND(all, NOT(term(a)))');
    expect(parsed('a OR (-b)')).toBe('OR(term(a), NOT(term(b)))');
  });

  it('accepts nesting up to the limit', () => {
    const q = '('.repeat(MAX_NESTING) + 'a' + ')'.repeat(MAX_NESTING);
    expect(parsed(q)).toBe('term(a)');
  });
});

describe('describe', () => {
  it('renders the canonical form', () => {
    expect(parsed('soil title:"a b" -x*')).toBe(
      'AND(term(soil), term(title:"a b"), NOT(term(x*)))',
    );
    expect(parsed('"say \\"hi\\""')).toBe('term("say \\"hi\\"")');
  });
});

describe('syntax errors', () => {
  it.each([
    ['unbalanced quote', '"soil moisture'],
    ['unbalanced quote in a field', 'title:"soil'],
    ['escaped closing quote', '"soil\\"'],
    ['unclosed parenthesis', '(a OR b'],
    ['unclosed nested parenthesis', '((a) b'],
    ['unopened parenthesis', 'a OR b)'],
    ['lone closing parenthesis', ')'],
    ['lone opening parenthesis', '('],
    ['unclosed field group', 'title:(a b'],
    ['trailing AND', 'soil AND'],
    ['trailing &&', 'soil &&'],
    ['leading OR', 'OR x'],
    ['leading ||', '|| x'],
    ['lone AND', 'AND'],
    ['double operator', 'a AND OR b'],
    ['double OR', 'a OR OR b'],
    ['trailing NOT', 'soil NOT'],
    ['trailing -', 'soil -'],
    ['trailing +', 'soil +'],
    ['trailing !', 'soil !'],
    ['operator before )', '(a AND)'],
    ['operator after (', '(OR a)'],
    ['empty field value', 'title:'],
    ['empty field value before another clause', 'title: AND x'],
    ['empty field value before )', '(title:)'],
    ['empty field phrase', 'title:""'],
    ['empty field group', 'title:()'],
    ['field followed by a field', 'title: id:x'],
  ])('%s: %j', (_name, q) => {
    expect(() => parseQuery(q)).toThrow(QuerySyntaxError);
  });

  it('rejects queries longer than the limit', () => {
    expect(parsed('a'.repeat(MAX_QUERY_LENGTH))).toBe(`term(${'a'.repeat(MAX_QUERY_LENGTH)})`);
    expect(() => parseQuery('a'.repeat(MAX_QUERY_LENGTH + 1))).toThrow(QuerySyntaxError);
  });

  it('rejects nesting deeper than the limit', () => {
    const deeper = MAX_NESTING + 1;
    expect(() => parseQuery('('.repeat(deeper) + 'a' + ')'.repeat(deeper))).toThrow(/nested/);
    expect(() => parseQuery(`t:${'('.repeat(deeper)}a${')'.repeat(deeper)}`)).toThrow(
      QuerySyntaxError,
    );
  });

  it('carries a name, message and position', () => {
    const error = catchError(() => parseQuery('soil AND'));
    expect(error).toBeInstanceOf(QuerySyntaxError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'QuerySyntaxError', position: 8 });
    expect(error.message).toMatch(/end of the query/);
    expect(catchError(() => parseQuery('a "b'))).toMatchObject({ position: 2 });
  });
});

describe('garbage input', () => {
  // prettier-ignore
  const PIECES = [
    '"', '"', '(', ')', '(', ')', ':', ':', ' ', ' ', ' ', '\\', '*', '?', '~', '^', '/',
    '.', '-', '+', '!', '&&', '||', 'AND', 'OR', 'NOT', 'and', '[', ']', '{', '}', 'TO',
    'soil', 'x', '42', 'title', 'id:', 'métadonnées', '日本', '🦆', '\u3000', '\t', '\u0000',
    'https://', '\uD800',
  ];

  it('either parses into a well-formed tree or throws QuerySyntaxError, quickly', () => {
    const random = seededRandom(20260110);
    const pick = () => PIECES[Math.floor(random() * PIECES.length)]!;
    let longest = 0;
    let parsedCount = 0;
    for (let n = 0; n < 600; n++) {
      const size = n < 550 ? Math.floor(random() * 30) : 600;
      const q = Array.from({ length: size }, pick).join('').slice(0, MAX_QUERY_LENGTH);
      const started = performance.now();
      try {
        checkShape(parseQuery(q), true);
        parsedCount++;
      } catch (error) {
        if (!(error instanceof QuerySyntaxError)) {
          throw new Error(`${String(error)} for ${JSON.stringify(q)}`, { cause: error });
        }
      }
      longest = Math.max(longest, performance.now() - started);
    }
    expect(parsedCount).toBeGreaterThan(50);
    expect(longest).toBeLessThan(100);
  });

  it.each([
    ['2000 opening parentheses', '('.repeat(MAX_QUERY_LENGTH)],
    ['2000 negations', '!'.repeat(MAX_QUERY_LENGTH - 1) + 'a'],
    ['1000 ORs', 'a OR '.repeat(400)],
    ['1000 field groups', 't:('.repeat(600)],
    ['1000 quotes', '"'.repeat(1999)],
    ['1000 backslashes', '\\'.repeat(MAX_QUERY_LENGTH)],
  ])('handles %s', (_name, q) => {
    const started = performance.now();
    try {
      checkShape(parseQuery(q), true);
    } catch (error) {
      expect(error).toBeInstanceOf(QuerySyntaxError);
    }
    expect(performance.now() - started).toBeLessThan(100);
  });
});

/** The normal form promised to the SQL builder. */
function checkShape(node: QueryNode, top: boolean): void {
  switch (node.kind) {
    case 'all':
      return;
    case 'term':
      expect(node.field === null || node.field.length > 0).toBe(true);
      expect(node.value.length > 0 || (node.field !== null && node.prefix)).toBe(true);
      expect(node.phrase && node.prefix).toBe(false);
      return;
    case 'range':
      expect(node.field.length > 0).toBe(true);
      return;
    case 'not':
      checkShape(node.child, false);
      return;
    case 'and':
    case 'or':
      expect(node.children.length).toBeGreaterThan(1);
      node.children.forEach((child, index) => {
        expect(child.kind).not.toBe(node.kind);
        // `all` only opens a top-level purely negative query.
        if (child.kind === 'all') expect(top && node.kind === 'and' && index === 0).toBe(true);
        checkShape(child, false);
      });
  }
}

function catchError(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected an error');
}
