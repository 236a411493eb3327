import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import deMessages from '../../../schema/src/locales/de.json';
import { errorMessages, validationMessages } from '@arca/schema/messages';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { switchLanguage } from './index.ts';
import { inCurrentLanguage } from './server-messages.ts';

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  vi.unstubAllGlobals();
  await switchLanguage('en');
});

describe('inCurrentLanguage', () => {
  it('writes a server message again in the language switched to', async () => {
    await switchLanguage('de');
    expect(inCurrentLanguage(errorMessages.permissionDenied, 'en')).toBe(
      deMessages.errors.permissionDenied,
    );
    // With the values the server filled in.
    expect(inCurrentLanguage('Must be at most 5 characters long.', 'en')).toBe(
      deMessages.validation.tooLong.replace('{{max}}', '5'),
    );
    // Back again, from German.
    await switchLanguage('en');
    expect(inCurrentLanguage(deMessages.validation.required, 'de')).toBe(
      validationMessages.required,
    );
  });

  it('leaves a message it does not know, or one in the current language, as it is', async () => {
    await switchLanguage('de');
    expect(inCurrentLanguage('Something only the server says.', 'en')).toBe(
      'Something only the server says.',
    );
    expect(inCurrentLanguage('Zugriff?', 'de')).toBe('Zugriff?');
  });
});

describe('a server message on screen when the language changes', () => {
  it('is asked for again in the new language', async () => {
    // The server answers in the request's Accept-Language, as Arca's does.
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      'GET /api/requests/r1': (request) =>
        reply(403, {
          status: 403,
          message: request.headers.get('Accept-Language')?.startsWith('de')
            ? 'Nur in der Sprache des Servers.'
            : 'Only in the server’s words.',
        }),
    });
    renderApp('/me/requests/r1');
    expect(await screen.findByText('Only in the server’s words.')).toBeInTheDocument();
    await act(() => switchLanguage('de'));
    expect(await screen.findByText('Nur in der Sprache des Servers.')).toBeInTheDocument();
    const reads = requests.filter((request) => request.path.startsWith('/api/requests/r1'));
    expect(reads.at(-1)?.headers.get('Accept-Language')).toBe('de');
  });
});

describe('the message of a failed action on screen when the language changes', () => {
  it('is written again in the new language', async () => {
    const base = '/api/requests/r1';
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      [`GET ${base}`]: reply(200, {
        id: 'r1',
        number: '1',
        type: 'community-submission',
        title: 'Lake cores',
        description: '',
        status: 'submitted',
        is_open: true,
        is_closed: false,
        created: '2026-03-01T10:00:00+00:00',
        updated: '2026-03-01T10:00:00+00:00',
        created_by: { user: '2' },
        receiver: null,
        topic: null,
        links: {
          self: base,
          self_html: '/me/requests/r1',
          comments: `${base}/comments`,
          timeline: `${base}/timeline`,
          actions: { decline: `${base}/actions/decline` },
        },
      }),
      [`GET ${base}/timeline`]: reply(200, { hits: { hits: [], total: 0 } }),
      [`POST ${base}/actions/decline`]: reply(403, {
        status: 403,
        message: errorMessages.permissionDenied,
      }),
    });
    const { user } = renderApp('/me/requests/r1');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText(errorMessages.permissionDenied)).toBeInTheDocument();
    await act(() => switchLanguage('de'));
    expect(await screen.findByText(deMessages.errors.permissionDenied)).toBeInTheDocument();
  });
});
