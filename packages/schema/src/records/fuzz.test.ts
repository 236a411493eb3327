// validateRecord must answer, never throw, whatever JSON arrives.
import { describe, expect, it } from 'vitest';
import { validationMessages } from '../messages.ts';
import { fullRecord } from './fixtures.ts';
import { validateRecord } from './validate-record.ts';
import { seededRandom } from '../seeded-random.ts';

// Keys and strings the validator looks for, so random values reach deep.
const KEYS = [
  'metadata',
  'access',
  'files',
  'pids',
  'custom_fields',
  'resource_type',
  'title',
  'publication_date',
  'creators',
  'contributors',
  'person_or_org',
  'type',
  'family_name',
  'name',
  'identifiers',
  'scheme',
  'identifier',
  'role',
  'affiliations',
  'id',
  'dates',
  'date',
  'rights',
  'link',
  'funding',
  'funder',
  'award',
  'subjects',
  'subject',
  'embargo',
  'active',
  'until',
  'record',
  'enabled',
  'doi',
  'provider',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];
const STRINGS = [
  '',
  ' ',
  'personal',
  'organizational',
  'public',
  'restricted',
  'external',
  'orcid',
  'ror',
  'doi',
  'constructor',
  '2020-02-30',
  '2020/2021',
  '10.1/x',
  '0000-0002-1825-0097',
  'https://x.org',
  '\u0000',
  '🙂',
];

function randomJson(random: () => number, depth = 0): unknown {
  const pick = (n: number) => Math.floor(random() * n);
  switch (pick(depth > 4 ? 4 : 7)) {
    case 0:
      return null;
    case 1:
      return [0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER][pick(5)];
    case 2:
      return STRINGS[pick(STRINGS.length)];
    case 3:
      return random() < 0.5;
    case 4:
      return Array.from({ length: pick(4) }, () => randomJson(random, depth + 1));
    default:
      // fromEntries makes "__proto__" an own key, as JSON.parse does.
      return Object.fromEntries(
        Array.from({ length: pick(5) }, () => [
          KEYS[pick(KEYS.length)],
          randomJson(random, depth + 1),
        ]),
      );
  }
}

/** The value with random parts replaced by random JSON. */
function mutate(value: unknown, random: () => number, depth = 0): unknown {
  if (random() < 0.12) return randomJson(random, depth);
  if (Array.isArray(value)) return value.map((item) => mutate(item, random, depth + 1));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mutate(item, random, depth + 1)]),
    );
  }
  return value;
}

function expectWellFormed(input: unknown): void {
  const errors = validateRecord(input, { today: '2026-01-15' });
  const fields = errors.map((error) => error.field);
  expect(new Set(fields).size).toBe(fields.length);
  for (const error of errors) {
    expect(typeof error.field).toBe('string');
    expect(error.severity).toBe('error');
    expect(error.messages.length).toBeGreaterThan(0);
    for (const message of error.messages)
      expect(Object.hasOwn(validationMessages, message)).toBe(true);
  }
}

describe('validateRecord on garbage', () => {
  it('answers for 300 random JSON values', () => {
    const random = seededRandom(1);
    for (let i = 0; i < 300; i++) {
      const value = randomJson(random);
      expectWellFormed(value);
      expectWellFormed({ metadata: value, access: value, files: value, pids: value });
    }
  });

  it('answers for 300 random damages of the full record', () => {
    const random = seededRandom(2);
    for (let i = 0; i < 300; i++) expectWellFormed(mutate(fullRecord, random));
  });

  it('answers for a deeply nested value', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expectWellFormed({ metadata: { creators: deep, title: { a: deep } } });
  });
});
