import type { RecordInput, RecordJson } from '@arca/schema';
import { apiRequest } from './client.ts';

// The deposit editor's calls (SPEC §7, API.md §1, §4.1). Every call asks for
// `expand=1` like InvenioRDM's deposit form, and a save carries `If-Match`
// so two editors never silently overwrite each other (API.md, differences §1).

/** A `links` value as a same-origin path: the server builds absolute URLs from its site URL. */
export function linkPath(link: string): string {
  const url = new URL(link, window.location.origin);
  return url.pathname + url.search;
}

function withExpand(link: string): string {
  const path = linkPath(link);
  return `${path}${path.includes('?') ? '&' : '?'}expand=1`;
}

export function createDraft(body: RecordInput): Promise<RecordJson> {
  return apiRequest<RecordJson>('/api/records?expand=1', { method: 'POST', body });
}

/**
 * A secret link's `&token=`: the server remembers it in a cookie, so the
 * calls after the first one need not carry it (API.md §3.1).
 */
const tokenParam = (token: string | undefined) =>
  token ? `&token=${encodeURIComponent(token)}` : '';

export function readDraft(id: string, signal?: AbortSignal, token?: string): Promise<RecordJson> {
  return apiRequest<RecordJson>(
    `/api/records/${encodeURIComponent(id)}/draft?expand=1${tokenParam(token)}`,
    { signal },
  );
}

/** Opens a published record for editing: the existing edit-draft, or a new one. */
export function editRecord(id: string, token?: string): Promise<RecordJson> {
  return apiRequest<RecordJson>(
    `/api/records/${encodeURIComponent(id)}/draft?expand=1${tokenParam(token)}`,
    { method: 'POST' },
  );
}

/** Saves the draft; 412 (ApiError) when someone saved a newer revision since `revision`. */
export function saveDraft(
  draft: RecordJson,
  body: RecordInput,
  revision: number,
): Promise<RecordJson> {
  return apiRequest<RecordJson>(withExpand(draft.links.self ?? ''), {
    method: 'PUT',
    body,
    headers: { 'If-Match': `"${revision}"` },
  });
}

export function publishDraft(draft: RecordJson): Promise<RecordJson> {
  return apiRequest<RecordJson>(withExpand(draft.links.publish ?? ''), { method: 'POST' });
}

export function deleteDraft(draft: RecordJson): Promise<void> {
  return apiRequest<void>(linkPath(draft.links.self ?? ''), { method: 'DELETE' });
}

export function reserveDoi(draft: RecordJson): Promise<RecordJson> {
  return apiRequest<RecordJson>(withExpand(draft.links.reserve_doi ?? ''), { method: 'POST' });
}

export function discardDoi(draft: RecordJson): Promise<RecordJson> {
  return apiRequest<RecordJson>(withExpand(draft.links.reserve_doi ?? ''), { method: 'DELETE' });
}

/** A new version of a published record: the answer is the new draft (links.self_html). */
export function createNewVersion(record: RecordJson): Promise<RecordJson> {
  const versions = record.links.versions ?? `/api/records/${record.id}/versions`;
  return apiRequest<RecordJson>(withExpand(versions), { method: 'POST' });
}
