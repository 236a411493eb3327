import type { RecordJson } from '@arca/schema';

const site = 'http://localhost:5000';

/** A published record as the API answers it with the UI media type. */
export function buildRecord(overrides: Partial<RecordJson> = {}): RecordJson {
  const id = overrides.id ?? 'abcde-12345';
  const api = `${site}/api/records/${id}`;
  return {
    id,
    created: '2026-01-10T09:12:33+00:00',
    updated: '2026-02-01T10:00:00+00:00',
    revision_id: 3,
    is_draft: false,
    is_published: true,
    status: 'published',
    versions: { index: 1, is_latest: true },
    pids: {},
    metadata: {
      title: 'Soil moisture, Lake Geneva basin 2025',
      publication_date: '2026-03-15',
      resource_type: { id: 'dataset', title: { en: 'Dataset' } },
      creators: [
        {
          person_or_org: { type: 'personal', family_name: 'Archer', given_name: 'Alice' },
          affiliations: [{ id: '01ggx4157', name: 'CERN' }],
        },
      ],
      description: '<p>Hourly readings.</p>',
    },
    custom_fields: {},
    access: {
      record: 'public',
      files: 'public',
      embargo: { active: false, until: null, reason: null },
      status: 'open',
    },
    files: { enabled: false },
    parent: {
      id: 'parnt-00001',
      access: { owned_by: { user: '1' } },
      communities: {},
      pids: {},
    },
    links: {
      self: api,
      self_html: `${site}/records/${id}`,
      files: `${api}/files`,
      versions: `${api}/versions`,
      draft: `${api}/draft`,
    },
    ui: { permissions: {} },
    ...overrides,
  };
}

export const hitsOf = (records: RecordJson[], extra: object = {}) => ({
  hits: { hits: records, total: records.length },
  links: { self: '' },
  ...extra,
});
