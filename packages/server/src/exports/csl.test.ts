import { describe, expect, it } from 'vitest';
import { fullRecordJson as record, jsonSchemaErrors } from '../../test/export-schemas.ts';
import { cslItem } from './csl.ts';
import { dataciteJson } from './datacite.ts';

describe('CSL JSON', () => {
  it('is valid CSL data, and the check can fail', () => {
    expect(jsonSchemaErrors([cslItem(record)], 'csl')).toEqual([]);
    expect(jsonSchemaErrors([{ ...cslItem(record), type: 'blog' }], 'csl')).not.toEqual([]);
  });

  it('carries what a citation needs', () => {
    expect(cslItem(record)).toMatchObject({
      id: record.id,
      type: 'dataset',
      title: 'Soil moisture, Lake Geneva basin 2025',
      author: [
        { family: 'Carberry', given: 'Josiah' },
        { literal: 'European Organization for Nuclear Research' },
      ],
      issued: { 'date-parts': [[2026, 1, 10]] },
      DOI: '10.5281/zenodo.1234567',
      publisher: 'Arca',
      version: 'v1.0.0',
      language: 'eng',
      abstract: 'Hourly soil moisture readings from 40 stations.',
      keyword: 'Earth and related environmental sciences, hydrology',
      URL: record.links.self_html,
    });
  });

  it('writes an interval as two dates', () => {
    const interval = {
      ...record,
      metadata: { ...record.metadata, publication_date: '2020/2021-05' },
    };
    expect(cslItem(interval).issued).toEqual({ 'date-parts': [[2020], [2021, 5]] });
  });
});

describe('DataCite JSON', () => {
  it('is valid against the kernel 4.5 JSON schema, and the check can fail', () => {
    const json = dataciteJson(record);
    expect(jsonSchemaErrors(json, 'datacite')).toEqual([]);
    expect(jsonSchemaErrors({ ...json, publicationYear: '26' }, 'datacite')).not.toEqual([]);
  });
});
