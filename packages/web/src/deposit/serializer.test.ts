import { fullRecord, validateRecord, type RecordJson } from '@arca/schema';
import { describe, expect, it } from 'vitest';
import { emptyCreatibutor, emptyFormValues, newRows } from './form-values.ts';
import { dropEmpty, formPathOf, fromRecord, toPayload } from './serializer.ts';

function draftOf(input: Partial<RecordJson>): RecordJson {
  return {
    id: 'a1b2c-3d4e5',
    created: '2026-01-10T09:00:00Z',
    updated: '2026-01-10T09:00:00Z',
    revision_id: 3,
    is_draft: true,
    is_published: false,
    status: 'draft',
    versions: { index: 1, is_latest: false },
    pids: {},
    metadata: {},
    custom_fields: {},
    access: {
      record: 'public',
      files: 'public',
      embargo: { active: false, until: null, reason: null },
    },
    files: { enabled: true },
    parent: { id: 'p0q1r-s2t3u', access: { owned_by: { user: '1' } }, communities: {}, pids: {} },
    links: {},
    ...input,
  };
}

describe('the deposit serializer', () => {
  it('sends an empty form as almost nothing: empty values are dropped', () => {
    const payload = toPayload(emptyFormValues());
    expect(payload).toEqual({
      metadata: {},
      access: {
        record: 'public',
        files: 'public',
        embargo: { active: false, until: null, reason: null },
      },
      files: { enabled: true },
      pids: {},
      custom_fields: {},
    });
  });

  it('keeps rows of a list, even empty, so error paths point at the row shown', () => {
    const values = emptyFormValues();
    values.metadata.dates = [newRows.date(), { date: '2020', type: 'created', description: '' }];
    expect(toPayload(values).metadata?.dates).toEqual([
      {},
      { date: '2020', type: { id: 'created' } },
    ]);
    expect(dropEmpty({ a: [{ b: '' }], c: '  ', d: [] })).toEqual({ a: [{}] });
  });

  it('new rows follow SPEC §9: an alternative title, an empty related work', () => {
    expect(newRows.additionalTitle()).toEqual({ title: '', type: 'alternative-title', lang: '' });
    expect(newRows.relatedIdentifier()).toEqual({
      scheme: '',
      identifier: '',
      resource_type: '',
      relation_type: '',
    });
  });

  it('sends vocabularies as {id}, people with their derived name, custom licences keyed by the default locale', () => {
    const values = emptyFormValues();
    values.metadata.resource_type = 'dataset';
    values.metadata.languages = [{ id: 'eng', title: 'English' }];
    values.metadata.creators = [
      {
        ...emptyCreatibutor(),
        person_or_org: {
          type: 'personal',
          family_name: 'Doe',
          given_name: 'Jane',
          name: '',
          identifiers: [{ scheme: 'orcid', identifier: '0000-0002-1825-0097' }],
        },
        role: 'datacollector',
        affiliations: [{ id: '01ggx4157', name: 'CERN' }, { name: 'Lab of Nowhere' }],
      },
    ];
    values.metadata.rights = [
      { id: 'cc-by-4.0', title: 'Creative Commons Attribution 4.0', description: 'x', link: '' },
      { title: 'Lab licence', description: '', link: 'https://lab.example.org' },
    ];
    values.metadata.subjects = [
      { id: 'https://id.example/1', subject: 'Hydrology' },
      { subject: 'soil' },
    ];
    values.metadata.funding = [
      { funder: { id: '00k4n6c32', name: 'EC' }, award: { number: '123', title: 'Big grant' } },
    ];
    const metadata = toPayload(values).metadata ?? {};
    expect(metadata.resource_type).toEqual({ id: 'dataset' });
    expect(metadata.languages).toEqual([{ id: 'eng' }]);
    expect(metadata.creators).toEqual([
      {
        person_or_org: {
          type: 'personal',
          family_name: 'Doe',
          given_name: 'Jane',
          name: 'Doe, Jane',
          identifiers: [{ scheme: 'orcid', identifier: '0000-0002-1825-0097' }],
        },
        role: { id: 'datacollector' },
        affiliations: [{ id: '01ggx4157' }, { name: 'Lab of Nowhere' }],
      },
    ]);
    expect(metadata.rights).toEqual([
      { id: 'cc-by-4.0' },
      { title: { en: 'Lab licence' }, link: 'https://lab.example.org' },
    ]);
    expect(metadata.subjects).toEqual([{ id: 'https://id.example/1' }, { subject: 'soil' }]);
    expect(metadata.funding).toEqual([
      { funder: { id: '00k4n6c32' }, award: { number: '123', title: { en: 'Big grant' } } },
    ]);
  });

  it('round-trips the full fixture record: what is read back is sent again unchanged', () => {
    const record = draftOf({
      metadata: fullRecord.metadata,
      access: {
        record: 'public',
        files: 'restricted',
        embargo: { active: true, until: '2099-01-01', reason: 'Thesis' },
      },
    });
    const payload = toPayload(fromRecord(record));
    expect(validateRecord(payload, { today: '2026-01-01' })).toEqual([]);
    expect(payload.metadata?.title).toBe(fullRecord.metadata?.title);
    expect(payload.metadata?.creators?.length).toBe(fullRecord.metadata?.creators?.length);
    expect(payload.access?.embargo).toEqual({
      active: true,
      until: '2099-01-01',
      reason: 'Thesis',
    });
  });

  it('writes the DOI choice: an external DOI, a kept reservation, or none', () => {
    const values = emptyFormValues();
    values.pids = { choice: 'external', external: ' 10.1234/abc ' };
    expect(toPayload(values).pids).toEqual({
      doi: { identifier: '10.1234/abc', provider: 'external' },
    });
    const reserved = draftOf({
      pids: { doi: { identifier: '10.1234/arca.x', provider: 'datacite' } },
    });
    values.pids = { choice: 'managed', external: '' };
    expect(toPayload(values, { draft: reserved }).pids).toEqual({
      doi: { identifier: '10.1234/arca.x', provider: 'datacite' },
    });
    values.pids = { choice: 'none', external: '' };
    expect(toPayload(values, { draft: reserved }).pids).toEqual({});
    expect(fromRecord(reserved).pids.choice).toBe('managed');
    expect(fromRecord(draftOf({}), { doiRequired: false }).pids.choice).toBe('none');
  });

  it('sends only the custom field groups switched on by configuration', () => {
    const values = emptyFormValues();
    values.custom_fields.journal.title = 'Journal of Soil';
    values.custom_fields.thesis.university = 'EPFL';
    expect(toPayload(values, { customFields: ['thesis'] }).custom_fields).toEqual({
      'thesis:university': 'EPFL',
    });
    const both = toPayload(values, { customFields: ['thesis', 'journal'] });
    expect(both.custom_fields).toEqual({
      'journal:journal': { title: 'Journal of Soil' },
      'thesis:university': 'EPFL',
    });
    expect(
      fromRecord(draftOf({ custom_fields: both.custom_fields })).custom_fields.journal.title,
    ).toBe('Journal of Soil');
  });

  it('puts server errors on form fields: vocabulary ids are the field itself', () => {
    expect(formPathOf('metadata.resource_type.id')).toBe('metadata.resource_type');
    expect(formPathOf('metadata.creators.0.person_or_org.family_name')).toBe(
      'metadata.creators.0.person_or_org.family_name',
    );
  });
});
