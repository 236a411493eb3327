import type { Page } from 'playwright-core';
import { api } from './deposit.helpers.ts';

interface Created {
  id: string;
}

/** A community owned by `owner`'s user with the first user `curator` suggests as its curator. */
export async function communityWithCurator(
  owner: Page,
  base: string,
  slug: string,
  title: string,
  curator: string,
): Promise<string> {
  const lab = await api<Created>(owner, 'POST', `${base}/api/communities`, {
    slug,
    metadata: { title, description: 'A lab.' },
  });
  const users = await api<{ hits: { hits: Created[] } }>(
    owner,
    'GET',
    `${base}/api/users?suggest=${curator}`,
  );
  await api(owner, 'POST', `${base}/api/communities/${lab.id}/members`, {
    members: [{ type: 'user', id: users.hits.hits[0]?.id ?? '' }],
    role: 'curator',
  });
  return lab.id;
}

/** A publishable draft of `author`'s user submitted to the community: its id and its request's. */
export async function submitForReview(
  author: Page,
  base: string,
  communityId: string,
  title: string,
  creator: { family_name: string; given_name: string },
): Promise<{ draftId: string; requestId: string }> {
  const records = `${base}/api/records`;
  const draft = await api<Created>(author, 'POST', records, {
    metadata: {
      resource_type: { id: 'dataset' },
      title,
      publication_date: '2026-04-01',
      creators: [{ person_or_org: { type: 'personal', ...creator } }],
    },
    files: { enabled: false },
  });
  await api(author, 'PUT', `${records}/${draft.id}/draft/review`, {
    receiver: { community: communityId },
    type: 'community-submission',
  });
  const request = await api<Created>(
    author,
    'POST',
    `${records}/${draft.id}/draft/actions/submit-review`,
    { payload: { content: '<p>Please review.</p>', format: 'html' } },
  );
  return { draftId: draft.id, requestId: request.id };
}
