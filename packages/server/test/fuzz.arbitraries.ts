import fc from 'fast-check';

/** The part of an OpenAPI (JSON) schema the generators read. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
}

/** Strings PostgreSQL refuses or that have broken other servers: NUL, lone surrogates, … */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\udc00\ud800',
  '',
  ' ',
  '9007199254740993',
  '-9223372036854775809',
  '1e400',
  'NaN',
  'null',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '%00',
  '\\u0000',
  '\u202e\u0301',
  'x'.repeat(5000),
];

/** Numbers beyond the columns' ranges and other odd values. */
export const HOSTILE_NUMBERS = [
  2 ** 53,
  -(2 ** 53),
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  1e308,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER,
];

const WORDS = ['dataset', 'Jane', 'Doe', 'open', 'soil', 'user', 'reader', 'a-b', 'x y', '2025'];

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
export const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);

/** Any value that does not belong: a hostile string or number, or a wrong type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(null, true, [], {}, ['\u0000'], { '\u0000': 1 }),
  },
);

const plainString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** A string a field may well get: mostly plain, sometimes hostile. */
const someString = fc.oneof(
  { weight: 3, arbitrary: plainString },
  { weight: 1, arbitrary: hostileString },
);

function integerIn(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -5, -5);
  const max = Math.max(Math.min(schema.maximum ?? 50, 50), min);
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: hostileNumber },
  );
}

/**
 * Values shaped by a schema: the right keys and types, with plain or hostile
 * strings and numbers inside (so many get past validation to the database).
 */
export function shaped(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return someString;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => shaped(choice, depth + 1)));
  let value: fc.Arbitrary<unknown>;
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0) {
        value = fc.dictionary(plainString, someString, { maxKeys: 3 });
        break;
      }
      const entries = Object.fromEntries(
        Object.entries(properties).map(([key, sub]) => [key, shaped(sub, depth + 1)]),
      );
      value = fc.record(entries, { requiredKeys: schema.required ?? [] });
      break;
    }
    case 'array':
      value = fc.array(shaped(schema.items, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 2),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
      break;
    case 'integer':
    case 'number':
      value = integerIn(schema);
      break;
    case 'boolean':
      value = fc.boolean();
      break;
    case 'string':
      value =
        schema.format === 'date'
          ? fc.constantFrom('2025-06-01', '2025-13-45', '\u0000')
          : schema.format === 'date-time'
            ? fc.constantFrom('2030-01-01T00:00:00Z', '275760-09-13T00:00:00.001Z', '\u0000')
            : someString;
      break;
    case 'null':
      value = fc.constant(null);
      break;
    case undefined:
    default:
      value = someString;
  }
  return schema.nullable ? fc.option(value, { nil: null, freq: 8 }) : value;
}

/** Every path to a value inside a JSON value (the root is the empty path). */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return [prefix, ...value.flatMap((item, index) => leafPaths(item, [...prefix, index]))];
  }
  if (value && typeof value === 'object') {
    return [
      prefix,
      ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key])),
    ];
  }
  return [prefix];
}

/** A copy of value with the value at one path replaced (or a hostile key added). */
function replaceAt(
  value: unknown,
  path: (string | number)[],
  by: unknown,
  asKey: boolean,
): unknown {
  if (path.length === 0) {
    if (asKey && value && typeof value === 'object' && !Array.isArray(value)) {
      return { ...value, [String(by)]: 'x' };
    }
    return by;
  }
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === head ? replaceAt(item, rest, by, asKey) : item));
  }
  const object = value as Record<string, unknown>;
  return { ...object, [head]: replaceAt(object[head], rest, by, asKey) };
}

/** Sometimes a value with one of its parts (or a key) swapped for a hostile one. */
export function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(base, fc.nat(), hostileValue, fc.integer({ min: 0, max: 9 }))
    .map(([value, pick, by, mode]) => {
      if (mode < 3) return value;
      const paths = leafPaths(value);
      const path = paths[pick % paths.length] ?? [];
      return replaceAt(value, path, mode === 9 ? hostileKey(pick) : by, mode === 9);
    });
}

function hostileKey(pick: number): string {
  return ['\u0000', 'k\ud800', 'evil:field', '__proto__'][pick % 4]!;
}

/**
 * Percent-encodes every UTF-16 unit as its own bytes, so a lone surrogate
 * travels as the (invalid) UTF-8 a hostile client would send.
 */
export function encodeHostile(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
