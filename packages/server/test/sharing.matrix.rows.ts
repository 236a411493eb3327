import type { Expected, Fixture } from './sharing.matrix.fixtures.ts';
import { FILE, PENDING_FILE, PENDING_PARTS, restricted } from './sharing.matrix.fixtures.ts';

/** Which of the actor's objects the web app reads an ability from. */
export type AbilityObject = 'record' | 'draft' | 'submission';

export const ABILITY_URLS: Record<AbilityObject, (f: Fixture) => string> = {
  record: (f) => `/api/records/${f.recordId}`,
  draft: (f) => `/api/records/${f.recordId}/draft`,
  submission: (f) => `/api/records/${f.submissionId}/draft`,
};

export interface MatrixRow {
  call(f: Fixture): Promise<Expected>;
  /** The ability (`ui.permissions`) that tells the web app whether it may offer this. */
  ability?: [AbilityObject, string];
}

const records = (f: Fixture) => `/api/records/${f.recordId}`;
const access = (f: Fixture) => `${records(f)}/access`;
const submission = (f: Fixture) => `/api/records/${f.submissionId}/draft`;

// Rows without an ability: searches and access requests are not a record's abilities,
// and quotas are read and set by administrators' tools, not by the deposit form.
export const ROWS = {
  'read record': { call: (f) => f.call('GET', records(f)), ability: ['record', 'can_view'] },
  // A version compared with itself: what a read allows, answered as a read answers.
  'compare versions': {
    call: (f) => f.call('GET', `${records(f)}/diff/${f.recordId}`),
    ability: ['record', 'can_view'],
  },
  'search listing': {
    call: (f) => f.call('GET', `/api/records?q=${f.word}`),
    ability: ['record', 'can_view'],
  },
  'my uploads listing': { call: (f) => f.call('GET', `/api/user/records?q=${f.word}`) },
  'read draft': {
    call: (f) => f.call('GET', `${records(f)}/draft`),
    ability: ['draft', 'can_preview'],
  },
  'save draft': {
    call: (f) => f.call('PUT', `${records(f)}/draft`, { body: restricted(`Matrix ${f.word}`) }),
    ability: ['draft', 'can_update_draft'],
  },
  'list record files': {
    call: (f) => f.call('GET', `${records(f)}/files`),
    ability: ['record', 'can_read_files'],
  },
  'read record file': {
    call: (f) => f.call('GET', `${records(f)}/files/${FILE}`),
    ability: ['record', 'can_read_files'],
  },
  'download record file': {
    call: (f) => f.call('GET', `${records(f)}/files/${FILE}/content`),
    ability: ['record', 'can_read_files'],
  },
  'download record archive': {
    call: (f) => f.call('GET', `${records(f)}/files-archive`),
    ability: ['record', 'can_read_files'],
  },
  'list draft files': {
    call: (f) => f.call('GET', `${records(f)}/draft/files`),
    ability: ['draft', 'can_read_draft_files'],
  },
  'read draft file': {
    call: (f) => f.call('GET', `${records(f)}/draft/files/${FILE}`),
    ability: ['draft', 'can_read_draft_files'],
  },
  'download draft file': {
    call: (f) => f.call('GET', `${records(f)}/draft/files/${FILE}/content`),
    ability: ['draft', 'can_read_draft_files'],
  },
  'download draft archive': {
    call: (f) => f.call('GET', `${records(f)}/draft/files-archive`),
    ability: ['draft', 'can_read_draft_files'],
  },
  // An edit draft's files are those published: whoever may change files hears 400, not 403.
  'upload edit draft file': {
    call: (f) => f.call('POST', `${records(f)}/draft/files`, { body: [{ key: 'new.txt' }] }),
    ability: ['draft', 'can_update_files'],
  },
  'delete edit draft file': {
    call: (f) => f.call('DELETE', `${records(f)}/draft/files/${FILE}`),
    ability: ['draft', 'can_update_files'],
  },
  'import files into edit draft': {
    call: (f) => f.call('POST', `${records(f)}/draft/actions/files-import`),
    ability: ['draft', 'can_update_files'],
  },
  'read quota': { call: (f) => f.call('GET', `/api/admin/records/${f.recordId}/quota`) },
  'set quota': {
    call: (f) =>
      f.call('PUT', `/api/admin/records/${f.recordId}/quota`, {
        body: { max_files: 50, max_bytes: 1_000_000 },
      }),
  },
  'explain access': {
    call: (f) => f.call('GET', `${access(f)}/explain`),
    ability: ['record', 'can_manage_access'],
  },
  'check a person': {
    call: (f) => f.call('GET', `${access(f)}/explain?user=${f.newcomerId}`),
    ability: ['record', 'can_manage_access'],
  },
  'list links': {
    call: (f) => f.call('GET', `${access(f)}/links`),
    ability: ['record', 'can_manage_access'],
  },
  'create link': {
    call: (f) => f.call('POST', `${access(f)}/links`, { body: { permission: 'preview' } }),
    ability: ['record', 'can_manage_access'],
  },
  'read link': {
    call: (f) => f.call('GET', `${access(f)}/links/${f.spareLinkId}`),
    ability: ['record', 'can_manage_access'],
  },
  'read link uses': {
    call: (f) => f.call('GET', `${access(f)}/links/${f.spareLinkId}/uses`),
    ability: ['record', 'can_manage_access'],
  },
  'change link': {
    call: (f) =>
      f.call('PATCH', `${access(f)}/links/${f.spareLinkId}`, { body: { description: 'Changed' } }),
    ability: ['record', 'can_manage_access'],
  },
  'delete link': {
    call: (f) => f.call('DELETE', `${access(f)}/links/${f.spareLinkId}`),
    ability: ['record', 'can_manage_access'],
  },
  'list grants': {
    call: (f) => f.call('GET', `${access(f)}/grants?expand=true`),
    ability: ['record', 'can_manage_access'],
  },
  'create grants': {
    call: (f) =>
      f.call('POST', `${access(f)}/grants`, {
        body: {
          grants: [
            { subject: { type: 'user', id: f.newcomerId }, permission: 'view', notify: false },
          ],
        },
      }),
    ability: ['record', 'can_manage_access'],
  },
  'read grant': {
    call: (f) => f.call('GET', `${access(f)}/grants/${f.spareGrantId}`),
    ability: ['record', 'can_manage_access'],
  },
  'change grant': {
    call: (f) =>
      f.call('PATCH', `${access(f)}/grants/${f.spareGrantId}`, { body: { permission: 'preview' } }),
    ability: ['record', 'can_manage_access'],
  },
  'delete grant': {
    call: (f) => f.call('DELETE', `${access(f)}/grants/${f.spareGrantId}`),
    ability: ['record', 'can_manage_access'],
  },
  'list user grants': {
    call: (f) => f.call('GET', `${access(f)}/users?expand=true`),
    ability: ['record', 'can_manage_access'],
  },
  'read user grant': {
    call: (f) => f.call('GET', `${access(f)}/users/${f.bystanderId}`),
    ability: ['record', 'can_manage_access'],
  },
  'change user grant': {
    call: (f) =>
      f.call('PATCH', `${access(f)}/users/${f.bystanderId}`, { body: { permission: 'preview' } }),
    ability: ['record', 'can_manage_access'],
  },
  'delete user grant': {
    call: (f) => f.call('DELETE', `${access(f)}/users/${f.bystanderId}`),
    ability: ['record', 'can_manage_access'],
  },
  'list group grants': {
    call: (f) => f.call('GET', `${access(f)}/groups?expand=true`),
    ability: ['record', 'can_manage_access'],
  },
  'read group grant': {
    call: (f) => f.call('GET', `${access(f)}/groups/${f.bystanderGroup}`),
    ability: ['record', 'can_manage_access'],
  },
  'change group grant': {
    call: (f) =>
      f.call('PATCH', `${access(f)}/groups/${f.bystanderGroup}`, { body: { permission: 'edit' } }),
    ability: ['record', 'can_manage_access'],
  },
  'delete group grant': {
    call: (f) => f.call('DELETE', `${access(f)}/groups/${f.bystanderGroup}`),
    ability: ['record', 'can_manage_access'],
  },
  'access settings': {
    call: (f) =>
      f.call('PUT', access(f), {
        body: {
          allow_user_requests: true,
          allow_guest_requests: false,
          accept_conditions_text: null,
          secret_link_expiration: 30,
        },
      }),
    ability: ['record', 'can_manage_access'],
  },
  edit: { call: (f) => f.call('POST', `${records(f)}/draft`), ability: ['record', 'can_edit'] },
  'new version': {
    call: (f) => f.call('POST', `${records(f)}/versions`),
    ability: ['record', 'can_new_version'],
  },
  'ask for access': {
    call: (f) => f.call('POST', `/api/records/${f.requestableId}/access/request`, { body: {} }),
  },
  'read access request': { call: (f) => f.call('GET', `/api/requests/${f.accessRequestId}`) },
  'accept access request': {
    call: (f) => f.call('POST', `/api/requests/${f.accessRequestId}/actions/accept`),
  },
  // The submission: its reviewers view and edit its metadata and files (SPEC §1, §6).
  'read submission': {
    call: (f) => f.call('GET', submission(f)),
    ability: ['submission', 'can_preview'],
  },
  'save submission': {
    call: (f) => f.call('PUT', submission(f), { body: restricted(`Submission ${f.word}`) }),
    ability: ['submission', 'can_update_draft'],
  },
  'list submission files': {
    call: (f) => f.call('GET', `${submission(f)}/files`),
    ability: ['submission', 'can_read_draft_files'],
  },
  'read submission file': {
    call: (f) => f.call('GET', `${submission(f)}/files/${FILE}`),
    ability: ['submission', 'can_read_draft_files'],
  },
  'download submission file': {
    call: (f) => f.call('GET', `${submission(f)}/files/${FILE}/content`),
    ability: ['submission', 'can_read_draft_files'],
  },
  'download submission archive': {
    call: (f) => f.call('GET', `${submission(f)}/files-archive`),
    ability: ['submission', 'can_read_draft_files'],
  },
  'announce submission upload': {
    call: (f) =>
      f.call('POST', `${submission(f)}/files`, { body: [{ key: 'added.txt', size: 3 }] }),
    ability: ['submission', 'can_update_files'],
  },
  'upload submission content': {
    call: (f) =>
      f.call('PUT', `${submission(f)}/files/${PENDING_FILE}/content`, {
        payload: Buffer.from('hello'),
      }),
    ability: ['submission', 'can_update_files'],
  },
  'upload submission part': {
    call: (f) =>
      f.call('PUT', `${submission(f)}/files/${PENDING_PARTS}/content/1`, {
        payload: Buffer.from('part'),
      }),
    ability: ['submission', 'can_update_files'],
  },
  'commit submission file': {
    call: (f) => f.call('POST', `${submission(f)}/files/${PENDING_FILE}/commit`),
    ability: ['submission', 'can_update_files'],
  },
  'change submission file metadata': {
    call: (f) =>
      f.call('PUT', `${submission(f)}/files/${FILE}`, {
        body: { metadata: { description: 'Checked' } },
      }),
    ability: ['submission', 'can_update_files'],
  },
  'delete submission file': {
    call: (f) => f.call('DELETE', `${submission(f)}/files/${PENDING_PARTS}`),
    ability: ['submission', 'can_update_files'],
  },
  'delete all submission files': {
    call: (f) => f.call('DELETE', `${submission(f)}/files`),
    ability: ['submission', 'can_update_files'],
  },
  // Curators edit, accept and decline; they do not discard (SPEC §1, §6). Under review,
  // nobody may: who could is told so (400).
  'delete submission': {
    call: (f) => f.call('DELETE', submission(f)),
    ability: ['submission', 'can_delete_draft'],
  },
  // Last: publishing consumes the edit draft the rows above work on.
  publish: {
    call: (f) => f.call('POST', `${records(f)}/draft/actions/publish`),
    ability: ['draft', 'can_publish'],
  },
} satisfies Record<string, MatrixRow>;
