import { describe, expect, it } from 'vitest';
import { validationMessages as text } from '../messages.ts';
import { fullRecord, minimalRecord } from './fixtures.ts';
import { english } from './test-support.ts';
import { dropUnknownKeys, unknownKeys } from './record-shape.ts';
import { isGeometry } from './locations.ts';
import { validateRecord } from './validate-record.ts';

const today = '2026-01-01';
const byField = (input: unknown, customFields: ('journal' | 'imprint')[] = []) =>
  Object.fromEntries(
    validateRecord(input, { today, customFields }).map((e) => [e.field, e.messages.map(english)]),
  );

describe('the strict check publishing applies', () => {
  it('finds nothing to say about the canonical records', () => {
    expect(byField(minimalRecord)).toEqual({});
    expect(byField(fullRecord)).toEqual({});
  });

  it('reports unknown keys at every depth, and drops them on request', () => {
    // The test damages the record freely, wherever it likes.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const record = structuredClone(fullRecord) as Record<string, any>;
    record.metadata.colour = 'red';
    record.metadata.creators[0].person_or_org.onclick = 'x';
    record.metadata.rights[1].title['<b>'] = 'x';
    record.custom_fields = { 'evil:field': 1 };
    record.pids.ark = { identifier: 'ark:/1/x', provider: 'external' };
    const paths = [
      'metadata.creators.0.person_or_org.onclick',
      'metadata.rights.1.title.<b>',
      'metadata.colour',
      'custom_fields.evil:field',
      'pids.ark',
    ];
    expect(byField(record)).toEqual(Object.fromEntries(paths.map((p) => [p, [text.unknownField]])));
    expect(dropUnknownKeys(record, { customFields: [] }).sort()).toEqual([...paths].sort());
    expect(unknownKeys(record, { customFields: [] })).toEqual([]);
    expect(record).toEqual(fullRecord);
  });

  it('knows a configured custom field group and checks its values', () => {
    const record = {
      ...minimalRecord,
      custom_fields: { 'journal:journal': { title: 'J', issn: '1234-5678', pages: 3 } },
    };
    expect(byField(record, ['journal'])).toEqual({
      'custom_fields.journal:journal.issn': [text.invalidIdentifier],
      'custom_fields.journal:journal.pages': [text.notAString],
    });
    expect(byField(record)).toEqual({ 'custom_fields.journal:journal': [text.unknownField] });
  });

  it('leaves unknown keys alone when not strict (the deposit form)', () => {
    const record = { ...minimalRecord, metadata: { ...minimalRecord.metadata, colour: 'red' } };
    expect(validateRecord(record, { today })).toEqual([]);
  });
});

describe('GeoJSON geometries', () => {
  it('takes points, multipoints and closed polygons in range', () => {
    expect(isGeometry({ type: 'Point', coordinates: [6.1, 46.2] })).toBe(true);
    expect(isGeometry({ type: 'Point', coordinates: [6.1, 46.2, 372] })).toBe(true);
    expect(
      isGeometry({
        type: 'MultiPoint',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      }),
    ).toBe(true);
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(isGeometry({ type: 'Polygon', coordinates: [ring] })).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isGeometry({ type: 'Point', coordinates: [181, 0] })).toBe(false);
    expect(isGeometry({ type: 'Point', coordinates: [0, -91] })).toBe(false);
    expect(isGeometry({ type: 'Point', coordinates: ['1', 2] })).toBe(false);
    expect(isGeometry({ type: 'Point', coordinates: [Number.NaN, 2] })).toBe(false);
    expect(isGeometry({ type: 'MultiPoint', coordinates: [] })).toBe(false);
    expect(
      isGeometry({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      }),
    ).toBe(false);
    expect(
      isGeometry({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      }),
    ).toBe(false);
    expect(isGeometry('POINT(1 2)')).toBe(false);
  });
});

describe('size limits', () => {
  it('allows 1,000 characters, 100,000 in long texts', () => {
    // The test damages the record freely, wherever it likes.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const record = structuredClone(fullRecord) as Record<string, any>;
    record.metadata.title = 't'.repeat(1000);
    record.metadata.description = 'd'.repeat(100_000);
    record.metadata.rights[1].description.en = 'r'.repeat(5000);
    expect(byField(record)).toEqual({});
    record.metadata.title += 't';
    record.metadata.description += 'd';
    record.metadata.creators[0].person_or_org.family_name = 'f'.repeat(1001);
    expect(byField(record)).toEqual({
      'metadata.title': [text.longerThan1000],
      'metadata.description': [text.longerThan100000],
      'metadata.creators.0.person_or_org.family_name': [text.longerThan1000],
    });
  });
});
