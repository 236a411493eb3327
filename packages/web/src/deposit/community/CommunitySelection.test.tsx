import type { RecordJson } from '@arca/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CommunityJson } from '../../api/communities.ts';
import { mockFetch, reply, type RecordedRequest } from '../../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../../test/fixtures.ts';
import { buildDraft as baseDraft } from '../../test/drafts.ts';
import { renderApp } from '../../test/render-app.tsx';

const empty = reply(200, { hits: { hits: [], total: 0 } });
const SITE = 'http://localhost:5000';
const DRAFT = '/api/records/a1b2c-3d4e5/draft';

function buildCommunity(overrides: Partial<CommunityJson> = {}): CommunityJson {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    slug: 'demo-lab',
    metadata: { title: 'Demo Lab', description: 'Field measurements' },
    access: { visibility: 'public' },
    theme: { enabled: false },
    links: { self_html: `${SITE}/communities/demo-lab` },
    ui: { permissions: { can_submit_record: true, can_include_directly: false }, role: 'reader' },
    ...overrides,
  };
}

const lab = buildCommunity();
const closed = buildCommunity({
  id: '22222222-2222-4222-8222-222222222222',
  slug: 'closed-archive',
  metadata: { title: 'Closed Archive' },
  access: { visibility: 'restricted' },
  ui: { permissions: { can_submit_record: true }, role: null },
});
const themed = buildCommunity({
  id: '33333333-3333-4333-8333-333333333333',
  slug: 'themed',
  metadata: { title: 'Themed Portal' },
  theme: { enabled: true },
  links: { upload_html: `${SITE}/communities/themed/upload` },
  ui: { permissions: { can_submit_record: true }, role: null },
});

function review(status: string, community = lab.id) {
  return {
    id: 'rrrr',
    type: 'community-submission',
    status,
    receiver: { community },
    topic: { record: 'a1b2c-3d4e5' },
    created_by: { user: '1' },
    is_open: status === 'submitted',
    is_closed: false,
  };
}

const buildDraft = (overrides: Partial<RecordJson> = {}): RecordJson =>
  baseDraft({ ui: { permissions: { can_manage: true } }, ...overrides });

function withReview(status: string, extra: Partial<RecordJson> = {}): RecordJson {
  const base = buildDraft();
  return buildDraft({
    status: status === 'submitted' ? 'in_review' : 'draft_with_review',
    parent: { ...base.parent, review: review(status) },
    links: {
      ...base.links,
      'submit-review': `${SITE}${DRAFT}/actions/submit-review`,
      ...(status === 'submitted'
        ? { actions: { cancel: `${SITE}/api/requests/rrrr/actions/cancel` } }
        : {}),
    },
    ...extra,
  });
}

const base = {
  'GET /api/config': reply(200, siteConfig),
  'GET /api/me': reply(200, buildUser()),
  'GET /api/vocabularies/resourcetypes': empty,
  'GET /api/vocabularies/titletypes': empty,
  [`GET /api/communities/${lab.id}`]: reply(200, lab),
};

const page = (hits: CommunityJson[], total = hits.length) => reply(200, { hits: { hits, total } });

const calls = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.method !== 'GET' || request.path.startsWith(DRAFT))
    .map((request) => `${request.method} ${request.path.split('?')[0]}`);

describe('the community parts of the deposit editor', () => {
  it('picks a community, saves the review with the draft, then submits it for review', async () => {
    let current = buildDraft();
    const requests = mockFetch({
      ...base,
      [`GET ${DRAFT}`]: () => reply(200, current),
      [`PUT ${DRAFT}`]: () => reply(200, { ...current, revision_id: 4 }),
      [`PUT ${DRAFT}/review`]: () => {
        current = withReview('created', { revision_id: 4 });
        return reply(200, review('created'));
      },
      [`POST ${DRAFT}/actions/submit-review`]: reply(202, {
        ...review('submitted'),
        links: { next_html: `${SITE}/me/requests/rrrr` },
      }),
      'GET /api/communities': page([lab, closed, themed]),
      'GET /api/user/communities': page([lab]),
    });
    const { user, router } = renderApp('/uploads/a1b2c-3d4e5');

    await user.click(await screen.findByRole('button', { name: 'Select a community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a community' });
    const labItem = await within(dialog).findByRole('listitem', { name: 'Demo Lab' });
    expect(within(labItem).getByText('Reader')).toBeInTheDocument();
    const themedItem = within(dialog).getByRole('listitem', { name: 'Themed Portal' });
    expect(within(themedItem).getByText('Verified')).toBeInTheDocument();
    expect(within(themedItem).getByRole('link', { name: 'Use its upload form' })).toHaveAttribute(
      'href',
      '/communities/themed/upload',
    );
    const search = requests.find((request) => request.path.startsWith('/api/communities?'));
    expect(search?.path).toBe('/api/communities?size=5&page=1&sort=bestmatch');

    await user.click(within(dialog).getByRole('tab', { name: 'My communities' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path.startsWith('/api/user/communities?'))).toBe(
        true,
      ),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Select Demo Lab' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Demo Lab' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const modal = await screen.findByRole('dialog', { name: 'Submit for review' });
    await user.click(within(modal).getByRole('button', { name: 'Submit record for review' }));
    expect(within(modal).getAllByText('You must accept this.')).toHaveLength(2);
    for (const box of within(modal).getAllByRole('checkbox')) await user.click(box);
    await user.type(within(modal).getByRole('textbox'), 'Please <check> the units');
    await user.click(within(modal).getByRole('button', { name: 'Submit record for review' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/me/requests/rrrr'));
    expect(calls(requests)).toEqual([
      `GET ${DRAFT}`,
      `PUT ${DRAFT}`,
      `PUT ${DRAFT}/review`,
      `GET ${DRAFT}`,
      `POST ${DRAFT}/actions/submit-review`,
    ]);
    const put = requests.find((request) => request.path === `${DRAFT}/review`);
    expect(put?.body).toEqual({ receiver: { community: lab.id }, type: 'community-submission' });
    const submit = requests.find((request) => request.path.endsWith('submit-review'));
    expect(submit?.body).toEqual({
      payload: { content: '<p>Please &lt;check&gt; the units</p>', format: 'html' },
    });
  }, 20_000);

  it('makes a public record restricted when a restricted community is chosen', async () => {
    const requests = mockFetch({
      ...base,
      [`GET ${DRAFT}`]: reply(200, buildDraft()),
      [`PUT ${DRAFT}`]: (request) =>
        reply(200, buildDraft({ revision_id: 4, access: request.body as never })),
      [`PUT ${DRAFT}/review`]: reply(200, review('created', closed.id)),
      'GET /api/communities': page([lab, closed]),
    });
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Select a community' }));
    await user.click(await screen.findByRole('button', { name: 'Select Closed Archive' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Record successfully saved.');
    const save = requests.find(
      (request) => request.method === 'PUT' && request.path.startsWith(`${DRAFT}?`),
    );
    expect(save?.body).toMatchObject({ access: { record: 'restricted', files: 'restricted' } });
  });

  it('paginates the picker 5 at a time', async () => {
    const many = Array.from({ length: 5 }, (_, index) =>
      buildCommunity({ id: `c${index}`, slug: `c${index}`, metadata: { title: `Lab ${index}` } }),
    );
    const requests = mockFetch({
      ...base,
      [`GET ${DRAFT}`]: reply(200, buildDraft()),
      'GET /api/communities': page(many, 7),
    });
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Select a community' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Lab 0');
    await user.click(within(dialog).getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path.includes('page=2'))).toBe(true),
    );
  });

  it('publishes without community: the review is deleted, the draft reread, then published', async () => {
    let current = withReview('created');
    const requests = mockFetch({
      ...base,
      [`GET ${DRAFT}`]: () => reply(200, current),
      [`PUT ${DRAFT}`]: () => reply(200, { ...current, revision_id: 4 }),
      [`DELETE ${DRAFT}/review`]: () => {
        current = buildDraft({ revision_id: 4 });
        return reply(204);
      },
      [`POST ${DRAFT}/actions/publish`]: reply(202, { ...buildDraft(), is_published: true }),
    });
    const { user, router } = renderApp('/uploads/a1b2c-3d4e5');
    expect(await screen.findByRole('link', { name: 'Demo Lab' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish without community' }));
    const modal = await screen.findByRole('dialog');
    await user.click(within(modal).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/records/a1b2c-3d4e5'));
    expect(calls(requests)).toEqual([
      `GET ${DRAFT}`,
      `PUT ${DRAFT}`,
      `DELETE ${DRAFT}/review`,
      `GET ${DRAFT}`,
      `POST ${DRAFT}/actions/publish`,
    ]);
  });

  it('shows the review banner, disables submitting while in review, and cancels the review', async () => {
    let current = withReview('submitted');
    const requests = mockFetch({
      ...base,
      [`GET ${DRAFT}`]: () => reply(200, current),
      'POST /api/requests/rrrr/actions/cancel': () => {
        current = buildDraft({ revision_id: 5 });
        return reply(200, review('cancelled'));
      },
    });
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    expect(
      await screen.findByText(
        'Community curators will review your upload. Once accepted, it will be published.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Demo Lab' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Publish without community' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel review' }));
    expect(
      await screen.findByText(
        'Once your upload is complete, you can publish it or submit it for review.',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
      '/api/requests/rrrr/actions/cancel',
    ]);
  });

  it('publishes to a community that includes the record directly, through submit-review', async () => {
    const direct = buildCommunity({
      ui: { permissions: { can_submit_record: true, can_include_directly: true }, role: 'curator' },
    });
    const requests = mockFetch({
      ...base,
      [`GET /api/communities/${lab.id}`]: reply(200, direct),
      [`GET ${DRAFT}`]: reply(200, withReview('created')),
      [`PUT ${DRAFT}`]: reply(200, withReview('created', { revision_id: 4 })),
      [`POST ${DRAFT}/actions/submit-review`]: reply(202, {
        ...review('accepted'),
        links: { next_html: `${SITE}/records/a1b2c-3d4e5` },
      }),
    });
    const { user, router } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Publish to community' }));
    const modal = await screen.findByRole('dialog', { name: 'Publish to community' });
    for (const box of within(modal).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(modal).getByRole('button', { name: 'Publish record to community' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/records/a1b2c-3d4e5'));
    const submit = requests.find((request) => request.path.endsWith('submit-review'));
    // No comment: an empty body.
    expect(submit?.body).toBeUndefined();
  });

  it('checks the DOI before submitting for review', async () => {
    const requests = mockFetch({
      ...base,
      [`GET ${DRAFT}`]: reply(200, withReview('created')),
    });
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('radio', { name: 'No, reserve one for me' }));
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    const modal = await screen.findByRole('dialog', { name: 'Submit for review' });
    for (const box of within(modal).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(modal).getByRole('button', { name: 'Submit record for review' }));
    expect(
      (
        await screen.findAllByText(
          'DOI is needed. You need to reserve a DOI before submitting for review.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(requests.some((request) => request.method !== 'GET')).toBe(false);
  });

  it('offers Change community after a decline', async () => {
    mockFetch({
      ...base,
      [`GET ${DRAFT}`]: reply(200, withReview('declined', { status: 'declined' })),
      'GET /api/communities': page([lab]),
    });
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Change community' }));
    expect(await screen.findByRole('dialog', { name: 'Select a community' })).toBeInTheDocument();
  });

  it('preselects the community of /communities/{slug}/upload and creates the draft with its review', async () => {
    const requests = mockFetch({
      ...base,
      'GET /api/communities/demo-lab': reply(200, lab),
      'POST /api/records': reply(201, withReview('created')),
    });
    const { user } = renderApp('/communities/demo-lab/upload');
    expect(
      await screen.findByRole('link', { name: 'Demo Lab' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Record successfully saved.');
    const create = requests.find((request) => request.method === 'POST');
    expect(create?.body).toMatchObject({
      parent: { review: { receiver: { community: lab.id }, type: 'community-submission' } },
    });
    // Created with its review: nothing more to put.
    expect(requests.some((request) => request.path.endsWith('/review'))).toBe(false);
  });

  it('makes the new record restricted when the upload address names a restricted community', async () => {
    const requests = mockFetch({
      ...base,
      'GET /api/communities/closed-archive': reply(200, closed),
      'POST /api/records': reply(
        201,
        buildDraft({
          status: 'draft_with_review',
          parent: { ...buildDraft().parent, review: review('created', closed.id) },
        }),
      ),
    });
    const { user } = renderApp('/communities/closed-archive/upload');
    expect(
      await screen.findByRole('link', { name: 'Closed Archive' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Record successfully saved.');
    const create = requests.find((request) => request.method === 'POST');
    expect(create?.body).toMatchObject({
      access: { record: 'restricted', files: 'restricted' },
      parent: { review: { receiver: { community: closed.id } } },
    });
  });
});
