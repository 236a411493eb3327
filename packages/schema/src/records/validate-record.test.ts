import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validationMessages as text } from '../messages.ts';
import { fullRecord, minimalRecord } from './fixtures.ts';
import { TODAY, errorsOf, withBody, withMetadata } from './test-support.ts';
import { validateRecord } from './validate-record.ts';

describe('the fixtures', () => {
  it('are valid', () => {
    expect(validateRecord(minimalRecord, { today: TODAY })).toEqual([]);
    expect(validateRecord(fullRecord, { today: TODAY })).toEqual([]);
  });

  it('use vocabulary ids that the server ships', () => {
    const shipped = (vocabulary: string) => {
      const url = new URL(
        `../../../server/src/vocabularies/data/${vocabulary}.json`,
        import.meta.url,
      );
      const entries = JSON.parse(readFileSync(url, 'utf8')) as { id: string }[];
      return new Set(entries.map((entry) => entry.id));
    };
    const m = fullRecord.metadata;
    const used: Record<string, (string | undefined)[]> = {
      resourcetypes: [
        minimalRecord.metadata.resource_type.id,
        m.resource_type.id,
        ...m.related_identifiers.map((r) => r.resource_type?.id),
      ],
      titletypes: m.additional_titles.map((t) => t.type.id),
      descriptiontypes: m.additional_descriptions.map((d) => d.type.id),
      datetypes: m.dates.map((d) => d.type.id),
      relationtypes: m.related_identifiers.map((r) => r.relation_type.id),
      creatorsroles: m.creators.map((c) => c.role?.id),
      contributorsroles: m.contributors.map((c) => c.role.id),
      languages: [
        ...m.languages.map((l) => l.id),
        ...m.additional_titles.map((t) => t.lang?.id),
        ...m.additional_descriptions.map((d) => d.lang.id),
      ],
      licenses: m.rights.map((r) => r.id),
      subjects: m.subjects.map((s) => s.id),
      affiliations: [...m.creators, ...m.contributors].flatMap((c) =>
        (c.affiliations ?? []).map((a) => a.id),
      ),
      funders: m.funding.map((f) => f.funder.id),
      awards: m.funding.map((f) => f.award.id),
    };
    for (const [vocabulary, ids] of Object.entries(used)) {
      const known = shipped(vocabulary);
      const present = ids.filter((id) => id !== undefined);
      expect(present.length, vocabulary).toBeGreaterThan(0);
      expect(
        present.filter((id) => !known.has(id)),
        vocabulary,
      ).toEqual([]);
    }
  });
});

describe('validateRecord', () => {
  it('ignores the top-level keys a client echoes back', () => {
    const echoed = {
      id: 5,
      links: 'x',
      parent: [],
      revision_id: 'seven',
      status: 'unknown',
      versions: null,
      ui: 1,
      expanded: true,
      errors: [{ field: 'x' }],
      is_published: 'no',
    };
    expect(errorsOf(withBody(echoed))).toEqual({});
  });

  it('reports a body that is not an object on _schema', () => {
    for (const body of [null, undefined, 42, 'record', [], [minimalRecord], true]) {
      expect(errorsOf(body)).toEqual({ _schema: [text.notAnObject] });
    }
  });

  it('reports the required metadata of an empty body', () => {
    expect(errorsOf({})).toEqual({
      'metadata.resource_type': ['Missing data for required field.'],
      'metadata.title': ['Missing data for required field.'],
      'metadata.publication_date': ['Missing data for required field.'],
      'metadata.creators': ['Missing data for required field.'],
    });
  });

  it('reports metadata of the wrong type once', () => {
    expect(errorsOf(withBody({ metadata: ['title'] }))).toEqual({ metadata: [text.notAnObject] });
  });

  it('gives each field one error with all its messages, severity error', () => {
    const ror = { scheme: 'ror', identifier: '01ggx4157' };
    const body = withMetadata({
      creators: [
        { person_or_org: { type: 'personal', family_name: 'Doe', identifiers: [ror, ror] } },
      ],
    });
    expect(validateRecord(body, { today: TODAY })).toEqual([
      {
        field: 'metadata.creators.0.person_or_org.identifiers.0.scheme',
        messages: ['invalidPersonScheme'],
        severity: 'error',
      },
      {
        field: 'metadata.creators.0.person_or_org.identifiers.1.scheme',
        messages: ['duplicateScheme', 'invalidPersonScheme'],
        severity: 'error',
      },
    ]);
  });

  it('reports every problem at once, however deep', () => {
    const body = {
      metadata: {
        title: 'ab',
        publication_date: '2023-02-30',
        creators: [
          {
            person_or_org: {
              type: 'personal',
              identifiers: [{ scheme: 'orcid', identifier: '0000-0002-1825-0098' }],
            },
            affiliations: [{}],
          },
        ],
        contributors: [{ person_or_org: { type: 'organizational' } }],
        rights: [{ link: 'nowhere' }],
      },
      access: { record: 'secret', embargo: { active: true } },
      files: { enabled: 1 },
      pids: { doi: { provider: 'external', identifier: '11.1/x' } },
    };
    expect(Object.keys(errorsOf(body))).toEqual([
      'metadata.resource_type',
      'metadata.title',
      'metadata.publication_date',
      'metadata.creators.0.person_or_org.family_name',
      'metadata.creators.0.person_or_org.identifiers.0.identifier',
      'metadata.creators.0.affiliations.0',
      'metadata.contributors.0.person_or_org.name',
      'metadata.contributors.0.role',
      'metadata.rights.0.title',
      'metadata.rights.0.link',
      'access.record',
      'access.embargo.until',
      'files.enabled',
      'pids.doi.identifier',
    ]);
  });
});
