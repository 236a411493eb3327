import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestEvent, RequestJson } from '../api/requests.ts';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const site = 'http://localhost:5000';
const base = `${site}/api/requests/r1`;

function buildRequest(overrides: Partial<RequestJson> = {}): RequestJson {
  return {
    id: 'r1',
    number: '1',
    type: 'user-access-request',
    title: 'Glacier melt model outputs',
    description: '',
    status: 'submitted',
    is_open: true,
    is_closed: false,
    created: '2026-03-01T10:00:00+00:00',
    updated: '2026-03-01T10:00:00+00:00',
    created_by: { user: '2' },
    receiver: { user: '1' },
    topic: { record: 'abcde-12345' },
    links: {
      self: base,
      self_html: `${site}/me/requests/r1`,
      comments: `${base}/comments`,
      timeline: `${base}/timeline`,
      actions: { accept: `${base}/actions/accept`, decline: `${base}/actions/decline` },
    },
    ui: { permissions: { can_comment: true } },
    ...overrides,
  };
}

const events: RequestEvent[] = [
  {
    id: 'e1',
    type: 'L',
    created_by: { user: '2' },
    payload: { event: 'submitted' },
    created: '2026-03-01T10:00:00+00:00',
  },
  {
    id: 'e2',
    type: 'C',
    created_by: { user: '2' },
    payload: { content: '<p>I need the raw data.</p>', format: 'html' },
    created: '2026-03-01T10:00:01+00:00',
  },
];

const hits = <T,>(items: T[]) => ({ hits: { hits: items, total: items.length } });

function routes(request = buildRequest()) {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': reply(200, buildUser()),
    'GET /api/requests/r1': reply(200, request),
    'GET /api/requests/r1/timeline': reply(200, hits(events)),
    'GET /api/users/2': reply(
      200,
      buildUser({ id: '2', profile: { full_name: 'Bob Baker', affiliations: '' } }),
    ),
  };
}

describe('the request page', () => {
  it('shows type, status, record and the timeline with comments and status events', async () => {
    mockFetch(routes());
    renderApp('/me/requests/r1');
    expect(await screen.findByText('Access request')).toBeInTheDocument();
    expect(screen.getByTestId('request-status')).toHaveTextContent('Open');
    expect(screen.getByRole('link', { name: 'Glacier melt model outputs' })).toHaveAttribute(
      'href',
      '/records/abcde-12345',
    );
    expect(await screen.findByText('I need the raw data.')).toBeInTheDocument();
    expect(await screen.findAllByText(/Bob Baker/)).not.toHaveLength(0);
    expect(screen.getByText(/submitted the request/)).toBeInTheDocument();
  });

  it('offers only the actions the server lists, and accepts once confirmed', async () => {
    const requests = mockFetch({
      ...routes(),
      'POST /api/requests/r1/actions/accept': reply(200, buildRequest({ status: 'accepted' })),
    });
    const { user } = renderApp('/me/requests/r1');
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    // Nothing happens before the dialog naming the action is confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Accept this request?' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Accept this request?' })).getByRole(
        'button',
        { name: 'Accept' },
      ),
    );
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
        '/api/requests/r1/actions/accept',
      ]),
    );
  });

  it('declines with the reason typed in the comment box, then empties the box', async () => {
    const requests = mockFetch({
      ...routes(),
      'POST /api/requests/r1/actions/decline': reply(200, buildRequest({ status: 'declined' })),
    });
    const { user } = renderApp('/me/requests/r1');
    const box = await screen.findByLabelText(/^Comment/);
    await user.type(box, 'Out of <scope>.');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    expect(within(dialog).getByText('Out of <scope>.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')).toMatchObject({
        path: '/api/requests/r1/actions/decline',
        body: { payload: { content: '<p>Out of &lt;scope&gt;.</p>', format: 'html' } },
      }),
    );
    await waitFor(() => expect(box).toHaveValue(''));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('names the submitter by the expanded name and links the receiving community', async () => {
    const requests = mockFetch({
      ...routes(
        buildRequest({
          type: 'community-submission',
          receiver: { community: 'c-uuid' },
          created_by: { user: '7' },
          expanded: { created_by: { id: '7', profile: { full_name: 'Alice Archer' } } },
        }),
      ),
      'GET /api/communities/c-uuid': reply(200, {
        id: 'c-uuid',
        slug: 'glaciology',
        metadata: { title: 'Glaciology Lab' },
        access: { visibility: 'public' },
        links: {},
      }),
    });
    renderApp('/me/requests/r1');
    expect(await screen.findByTestId('request-creator')).toHaveTextContent(
      'Created by: Alice Archer',
    );
    expect(await screen.findByRole('link', { name: 'Glaciology Lab' })).toHaveAttribute(
      'href',
      '/communities/glaciology',
    );
    expect(requests.some((r) => r.path === '/api/requests/r1?expand=1')).toBe(true);
    expect(requests.some((r) => r.path === '/api/users/7')).toBe(false);
    await waitFor(() => expect(document.title).toBe('Glacier melt model outputs | Arca Test'));
  });

  it('posts a comment as escaped HTML', async () => {
    const requests = mockFetch({
      ...routes(),
      'POST /api/requests/r1/comments': reply(201, events[1]),
    });
    const { user } = renderApp('/me/requests/r1');
    await user.type(await screen.findByLabelText(/^Comment/), 'Use <b>this</b> & that');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        payload: { content: '<p>Use &lt;b&gt;this&lt;/b&gt; &amp; that</p>', format: 'html' },
      }),
    );
  });

  it('lets a guest in with the token of their link, carried on every call', async () => {
    const requests = mockFetch({
      ...routes(
        buildRequest({
          type: 'guest-access-request',
          links: { ...buildRequest().links, actions: { cancel: `${base}/actions/cancel` } },
        }),
      ),
      'GET /api/me': anonymous,
      'GET /api/requests/r1?expand=1&access_request_token=tok': reply(
        200,
        buildRequest({
          type: 'guest-access-request',
          links: { ...buildRequest().links, actions: { cancel: `${base}/actions/cancel` } },
        }),
      ),
    });
    renderApp('/me/requests/r1?access_request_token=tok');
    expect(await screen.findByText('Access request from a guest')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.path === '/api/requests/r1/timeline?size=100&expand=1&access_request_token=tok',
        ),
      ).toBe(true),
    );
  });

  describe('comments', () => {
    const own: RequestEvent = {
      id: 'e3',
      type: 'C',
      created_by: { user: '1' },
      payload: { content: '<p>Which <b>sensor</b>?</p><p>And &amp; when?</p>', format: 'html' },
      created: '2026-03-01T11:00:00+00:00',
      revision_id: 1,
      permissions: { can_update_comment: true, can_delete_comment: true, can_reply_comment: true },
      links: { self: `${base}/comments/e3`, reply: `${base}/comments/e3/reply` },
      children: [
        {
          id: 'e4',
          type: 'C',
          created_by: { user: '2' },
          payload: { content: '<p>A TDR probe.</p>', format: 'html' },
          created: '2026-03-01T12:00:00+00:00',
          parent_id: 'e3',
          permissions: {
            can_update_comment: false,
            can_delete_comment: false,
            can_reply_comment: false,
          },
        },
      ],
    };
    const others: RequestEvent = {
      ...events[1]!,
      permissions: {
        can_update_comment: false,
        can_delete_comment: false,
        can_reply_comment: true,
      },
    };
    const withComments = (extra: Record<string, unknown> = {}) => ({
      ...routes(),
      'GET /api/requests/r1/timeline': reply(200, hits([events[0]!, others, own])),
      'GET /api/users/1': reply(200, buildUser()),
      ...extra,
    });
    const commentCard = async (text: string) =>
      (await screen.findByText(text)).closest<HTMLElement>('[data-testid="timeline-comment"]')!;

    it('lets the author edit their comment, starting from its text', async () => {
      const requests = mockFetch(
        withComments({ 'PUT /api/requests/r1/comments/e3': reply(200, own) }),
      );
      const { user } = renderApp('/me/requests/r1');
      const mine = await commentCard('sensor');
      const theirs = await commentCard('I need the raw data.');
      // Only what the server allows on each comment.
      expect(within(theirs).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
      expect(within(theirs).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
      expect(within(theirs).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
      const reply_ = await commentCard('A TDR probe.');
      expect(within(reply_).queryByRole('button')).not.toBeInTheDocument();

      await user.click(within(mine).getByRole('button', { name: 'Edit' }));
      const box = within(mine).getByRole('textbox', { name: 'Edit your comment' });
      expect(box).toHaveValue('Which sensor?\n\nAnd & when?');
      await user.clear(box);
      await user.type(box, 'Which <probe>?');
      await user.click(within(mine).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
          path: '/api/requests/r1/comments/e3',
          body: { payload: { content: '<p>Which &lt;probe&gt;?</p>', format: 'html' } },
        }),
      );
      await waitFor(() =>
        expect(
          within(mine).queryByRole('textbox', { name: 'Edit your comment' }),
        ).not.toBeInTheDocument(),
      );
    });

    it('deletes a comment after asking, and shows where it was', async () => {
      let deleted = false;
      const requests = mockFetch(
        withComments({
          'DELETE /api/requests/r1/comments/e3': () => {
            deleted = true;
            return reply(204);
          },
          'GET /api/requests/r1/timeline': () =>
            reply(
              200,
              hits([
                events[0]!,
                others,
                deleted
                  ? { ...own, type: 'L', payload: { event: 'comment_deleted', content: '' } }
                  : own,
              ]),
            ),
        }),
      );
      const { user } = renderApp('/me/requests/r1');
      const mine = await commentCard('sensor');
      await user.click(within(mine).getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

      await user.click(within(mine).getByRole('button', { name: 'Delete' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete this comment?' })).getByRole(
          'button',
          { name: 'Delete' },
        ),
      );
      expect(await screen.findByText('This comment was deleted.')).toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        '/api/requests/r1/comments/e3',
      ]);
      expect(screen.queryByText('sensor')).not.toBeInTheDocument();
      // Its replies stay.
      expect(screen.getByText('A TDR probe.')).toBeInTheDocument();
    });

    it('replies to a comment through its reply link', async () => {
      const requests = mockFetch(
        withComments({
          'POST /api/requests/r1/comments/e2/reply': reply(201, own.children![0]),
        }),
      );
      const { user } = renderApp('/me/requests/r1');
      const theirs = await commentCard('I need the raw data.');
      await user.click(within(theirs).getByRole('button', { name: 'Reply' }));
      const box = await screen.findByRole('textbox', { name: 'Your reply' });
      await user.type(box, 'Sent, see mail.');
      await user.click(within(box.closest('form')!).getByRole('button', { name: 'Reply' }));
      await waitFor(() =>
        expect(requests.find((r) => r.method === 'POST')).toMatchObject({
          path: '/api/requests/r1/comments/e2/reply',
          body: { payload: { content: '<p>Sent, see mail.</p>', format: 'html' } },
        }),
      );
    });

    it('without permissions from the server, offers edit and delete to the author only', async () => {
      const { permissions: _mine, ...bare } = own;
      const { permissions: _theirs, ...bareOthers } = others;
      mockFetch(
        withComments({
          'GET /api/requests/r1/timeline': reply(
            200,
            hits([{ ...bare, children: [] }, bareOthers]),
          ),
        }),
      );
      renderApp('/me/requests/r1');
      const mine = await commentCard('sensor');
      expect(within(mine).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
      expect(within(mine).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
      const theirs = await commentCard('I need the raw data.');
      expect(within(theirs).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
      expect(within(theirs).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    });
  });
});
