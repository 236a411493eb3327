import { describe, expect, it } from 'vitest';
import { diffMetadata } from './metadata-diff.ts';

const access = { record: 'public', files: 'public', embargo: { active: false, until: null } };
const person = (family: string, given: string, affiliation?: string) => ({
  person_or_org: { type: 'personal', family_name: family, given_name: given },
  ...(affiliation ? { affiliations: [{ name: affiliation }] } : {}),
});
const base = {
  title: 'Soil moisture',
  publication_date: '2025-06-01',
  resource_type: { id: 'dataset', title: { en: 'Dataset', de: 'Datensatz' } },
  creators: [person('Doe', 'Jane')],
  rights: [{ id: 'cc-by-4.0', title: { en: 'CC BY 4.0' } }],
};
const diff = (after: Record<string, unknown>, afterAccess: Record<string, unknown> = access) =>
  diffMetadata(
    { metadata: base, access },
    { metadata: { ...base, ...after }, access: afterAccess },
  );

describe('diffMetadata', () => {
  it('finds nothing between equal versions', () => {
    expect(diff({})).toEqual([]);
  });

  it('says a field changed, was added or was removed', () => {
    expect(diff({ title: 'Soil moisture v2', version: 'v2', publication_date: '' })).toEqual([
      {
        field: 'metadata.title',
        kind: 'changed',
        before: 'Soil moisture',
        after: 'Soil moisture v2',
      },
      { field: 'metadata.publication_date', kind: 'removed', before: '2025-06-01' },
      { field: 'metadata.version', kind: 'added', after: 'v2' },
    ]);
  });

  it('tells list entries added, removed, and changed when their identity stays', () => {
    const changes = diff({
      creators: [person('Doe', 'Jane', 'CERN'), person('Roe', 'Rick')],
      subjects: [{ subject: 'Hydrology' }],
    });
    expect(changes).toEqual([
      {
        field: 'metadata.creators',
        kind: 'changed',
        before: 'Doe, Jane',
        after: 'Doe, Jane (CERN)',
      },
      { field: 'metadata.creators', kind: 'added', after: 'Roe, Rick' },
      { field: 'metadata.subjects', kind: 'added', after: 'Hydrology' },
    ]);
    expect(diff({ creators: [] })).toEqual([
      { field: 'metadata.creators', kind: 'removed', before: 'Doe, Jane' },
    ]);
  });

  it('reads a licence swapped for another as a change, by its title', () => {
    expect(diff({ rights: [{ id: 'cc0-1.0', title: { en: 'CC0 1.0' } }] })).toEqual([
      { field: 'metadata.rights', kind: 'changed', before: 'CC BY 4.0', after: 'CC0 1.0' },
    ]);
  });

  it("shows vocabulary titles in the reader's language", () => {
    const changes = diffMetadata(
      { metadata: base, access },
      {
        metadata: { ...base, resource_type: { id: 'software', title: { en: 'Software' } } },
        access,
      },
      'de',
    );
    expect(changes).toEqual([
      { field: 'metadata.resource_type', kind: 'changed', before: 'Datensatz', after: 'Software' },
    ]);
  });

  it('shows descriptions as plain text, cut when long', () => {
    const [change] = diff({ description: `<p>Long&nbsp;text ${'x'.repeat(400)}</p>` });
    expect(change).toMatchObject({ field: 'metadata.description', kind: 'added' });
    expect(change!.after).toMatch(/^Long text x+…$/);
    expect(change!.after).toHaveLength(300);
  });

  it('tells visibility and embargo changes', () => {
    const embargoed = {
      record: 'public',
      files: 'restricted',
      embargo: { active: true, until: '2030-01-01', reason: 'Patent pending' },
    };
    expect(diff({}, embargoed)).toEqual([
      { field: 'access.files', kind: 'changed', before: 'public', after: 'restricted' },
      { field: 'access.embargo.until', kind: 'added', after: '2030-01-01' },
      { field: 'access.embargo.reason', kind: 'added', after: 'Patent pending' },
    ]);
  });
});
