import type { RequestEventItem, RequestItem } from '@arca/schema';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const base = 'http://arca.test/api/requests/r1';
const submission: RequestItem = {
  id: 'r1',
  number: '1',
  type: 'community-submission',
  title: 'River temperature logs',
  description: '',
  status: 'submitted',
  is_open: true,
  is_closed: false,
  is_expired: false,
  expires_at: '2026-12-22T10:00:00+00:00',
  created: '2026-11-22T10:00:00+00:00',
  updated: '2026-11-22T10:00:00+00:00',
  revision_id: 2,
  created_by: { user: '2' },
  receiver: { community: 'c1' },
  topic: { record: 'abcde-12345' },
  links: {
    self: base,
    self_html: 'http://arca.test/me/requests/r1',
    comments: `${base}/comments`,
    timeline: `${base}/timeline`,
    actions: { accept: `${base}/actions/accept`, decline: `${base}/actions/decline` },
  },
  ui: { permissions: { can_comment: true } },
};

const event = (overrides: Partial<RequestEventItem>): RequestEventItem => ({
  id: 'e1',
  type: 'C',
  created_by: { user: '2' },
  payload: { content: '<p>Ready for review.</p>', format: 'html' },
  permissions: { can_update_comment: false, can_delete_comment: false, can_reply_comment: true },
  parent_id: null,
  children: [],
  created: '2026-11-22T10:00:00+00:00',
  updated: '2026-11-22T10:00:00+00:00',
  revision_id: 1,
  links: { self: `${base}/comments/e1` },
  ...overrides,
});

/** A request API backed by state, as the server would answer it. */
function requestApi() {
  let request = submission;
  let events: RequestEventItem[] = [
    event({}),
    event({ id: 'e2', type: 'L', payload: { event: 'submitted' } }),
  ];
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': reply(200, buildUser()),
    'GET /api/requests/r1': () => reply(200, request),
    'GET /api/requests/r1/timeline': () =>
      reply(200, { hits: { hits: events, total: events.length }, links: { self: '' } }),
    'POST /api/requests/r1/comments': (r: RecordedRequest) => {
      const { payload } = r.body as { payload: { content: string } };
      events = [...events, event({ id: 'e3', payload, created_by: { user: '1' } })];
      return reply(201, events.at(-1));
    },
    'POST /api/requests/r1/actions/accept': (r: RecordedRequest) => {
      const { payload } = r.body as { payload: { content: string } };
      request = { ...request, status: 'accepted', is_open: false, is_closed: true };
      request = { ...request, links: { ...request.links, actions: {} } };
      events = [
        ...events,
        event({ id: 'e4', payload, created_by: { user: '1' } }),
        event({ id: 'e5', type: 'L', payload: { event: 'accepted' } }),
      ];
      return reply(200, request);
    },
  };
}

describe('RequestPage', () => {
  it('lets a curator read the conversation, comment and accept', async () => {
    const requests = mockFetch(requestApi());
    const { user } = renderApp('/me/requests/r1');

    expect(await screen.findByRole('heading', { name: 'River temperature logs' })).toBeVisible();
    expect(screen.getByText('Submitted')).toBeVisible();
    const timeline = await screen.findByLabelText('Conversation');
    expect(within(timeline).getByText('Ready for review.')).toBeVisible();
    expect(within(timeline).getByText('Submitted for review')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Edit metadata and files' })).toHaveAttribute(
      'href',
      '/uploads/abcde-12345',
    );
    // Only the actions the server offers are shown.
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();

    // Typed text travels escaped: markup in a comment is never markup.
    await user.type(screen.getByLabelText('Add a comment'), 'Is <b>this</b> calibrated?');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await within(timeline).findByText('Is <b>this</b> calibrated?')).toBeVisible();
    const posted = requests.find((r) => r.path === '/api/requests/r1/comments')!;
    expect(posted.body).toEqual({
      payload: { content: '<p>Is &lt;b&gt;this&lt;/b&gt; calibrated?</p>', format: 'html' },
    });

    await user.type(screen.getByLabelText('Comment with your decision (optional)'), 'Welcome!');
    await user.click(screen.getByRole('button', { name: 'Accept and publish' }));
    expect(await screen.findByText('Accepted', { selector: '.mantine-Badge-label' })).toBeVisible();
    expect(within(timeline).getByText('Welcome!')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the record' })).toHaveAttribute(
      'href',
      '/records/abcde-12345',
    );
  });

  it('shows the server message when the request cannot be read', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      'GET /api/requests/r1': reply(403, { status: 403, message: 'Permission denied.' }),
      'GET /api/requests/r1/timeline': reply(403, { status: 403, message: 'Permission denied.' }),
    });
    renderApp('/me/requests/r1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Permission denied.');
  });
});
