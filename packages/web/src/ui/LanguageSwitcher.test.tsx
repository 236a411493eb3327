import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '../i18n/locales/ar.json';
import de from '../i18n/locales/de.json';
import { switchLanguage } from '../i18n/index.ts';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const findHeader = () => screen.findByRole('banner');

afterEach(async () => {
  localStorage.clear();
  await switchLanguage('en');
});

describe('the language switcher', () => {
  it('lists each language by its own name and switches a visitor, keeping it on this device', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
    });
    const { user } = renderApp('/');

    await user.click(await within(await findHeader()).findByRole('button', { name: /Language/ }));
    const german = screen.getByRole('menuitem', { name: 'Deutsch' });
    expect(german).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('menuitem', { name: '日本語' })).toHaveAttribute('lang', 'ja');
    await user.click(german);

    expect(
      await within(await findHeader()).findByRole('link', { name: de.header.upload }),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem('arca.language')).toBe('de');
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it("saves a logged-in user's choice to the account, and turns the page right to left for Arabic", async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      'PATCH /api/me': (request) =>
        reply(200, {
          ...buildUser(),
          preferences: (request.body as { preferences: object }).preferences,
        }),
    });
    const { user } = renderApp('/');

    await user.click(await within(await findHeader()).findByRole('button', { name: /Language/ }));
    await user.click(screen.getByRole('menuitem', { name: 'العربية' }));

    expect(
      await within(await findHeader()).findByRole('link', { name: ar.header.upload }),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    // Saved once the app speaks Arabic: the server answers in it too.
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const saved = requests.find((request) => request.method === 'PATCH')!;
    expect(saved.body).toEqual({ preferences: { locale: 'ar' } });
    expect(saved.headers.get('Accept-Language')).toBe('ar');
  });
});
