import { configure, screen, waitFor } from '@testing-library/react';
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

  it('offers only the actions the server lists, and accepts', async () => {
    const requests = mockFetch({
      ...routes(),
      'POST /api/requests/r1/actions/accept': reply(200, buildRequest({ status: 'accepted' })),
    });
    const { user } = renderApp('/me/requests/r1');
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/actions/accept'))).toBe(
        true,
      ),
    );
  });

  it('posts a comment as escaped HTML', async () => {
    const requests = mockFetch({
      ...routes(),
      'POST /api/requests/r1/comments': reply(201, events[1]),
    });
    const { user } = renderApp('/me/requests/r1');
    await user.type(await screen.findByLabelText('Comment'), 'Use <b>this</b> & that');
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
      'GET /api/requests/r1?access_request_token=tok': reply(
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
          (r) => r.path === '/api/requests/r1/timeline?size=100&access_request_token=tok',
        ),
      ).toBe(true),
    );
  });
});
