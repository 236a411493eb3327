import type { RecordJson } from '@arca/schema';

const SITE = 'http://localhost:5000';
const DRAFT = `${SITE}/api/records/a1b2c-3d4e5/draft`;

/** A draft as the API answers it, for the deposit editor's tests. */
export function buildDraft(overrides: Partial<RecordJson> = {}): RecordJson {
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
    metadata: { title: 'Soil moisture' },
    custom_fields: {},
    access: {
      record: 'public',
      files: 'public',
      embargo: { active: false, until: null, reason: null },
    },
    files: { enabled: false },
    parent: { id: 'p0q1r-s2t3u', access: { owned_by: { user: '1' } }, communities: {}, pids: {} },
    links: {
      self: DRAFT,
      self_html: `${SITE}/uploads/a1b2c-3d4e5`,
      publish: `${DRAFT}/actions/publish`,
      reserve_doi: `${DRAFT}/pids/doi`,
      review: `${DRAFT}/review`,
    },
    ...overrides,
  };
}
