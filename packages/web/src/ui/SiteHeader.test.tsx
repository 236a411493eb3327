import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leaveSite } from '../api/session.ts';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

/** The header appears once the first page's code has loaded. */
const findHeader = () => screen.findByRole('banner');

describe('SiteHeader', () => {
  it('offers Log in and Sign up to an anonymous visitor', async () => {
    mockFetch({ 'GET /api/config': reply(200, siteConfig), 'GET /api/me': anonymous });
    renderApp('/');

    expect(
      await within(await findHeader()).findByRole('link', { name: 'Log in' }),
    ).toBeInTheDocument();
    expect(within(await findHeader()).getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    expect(within(await findHeader()).getByRole('link', { name: 'Arca Test' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(await findHeader()).getByRole('link', { name: 'Upload' })).toHaveAttribute(
      'href',
      '/uploads/new',
    );
  });

  it('keeps where the visitor was going when they switch from Log in to Sign up in the header', async () => {
    mockFetch({ 'GET /api/config': reply(200, siteConfig), 'GET /api/me': anonymous });
    renderApp('/login?next=%2Fme%2Fcommunity-invitation%3Ftoken%3Dxyz');

    const signUp = await within(await findHeader()).findByRole('link', { name: 'Sign up' });
    expect(signUp).toHaveAttribute(
      'href',
      '/signup?next=%2Fme%2Fcommunity-invitation%3Ftoken%3Dxyz',
    );
  });

  it('hides Sign up when the site does not allow it', async () => {
    mockFetch({
      'GET /api/config': reply(200, { ...siteConfig, signup_enabled: false }),
      'GET /api/me': anonymous,
    });
    renderApp('/');

    await within(await findHeader()).findByRole('link', { name: 'Log in' });
    expect(
      within(await findHeader()).queryByRole('link', { name: 'Sign up' }),
    ).not.toBeInTheDocument();
  });

  it("shows the user's name, with Settings and Log out in its menu", async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      'POST /api/auth/logout': reply(204),
    });
    const { user, router } = renderApp('/me/settings');

    await user.click(
      await within(await findHeader()).findByRole('button', { name: 'Ada Lovelace' }),
    );
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/me/settings',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(
      await within(await findHeader()).findByRole('link', { name: 'Log in' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
      'POST /api/auth/logout',
    );
  });

  it("logs a session of the institution's IdP out there too", async () => {
    const leaving = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      'POST /api/auth/logout': reply(200, { logout_url: 'https://idp.example/slo?SAMLRequest=x' }),
    });
    const { user } = renderApp('/me/settings');

    await user.click(
      await within(await findHeader()).findByRole('button', { name: 'Ada Lovelace' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await within(await findHeader()).findByRole('link', { name: 'Log in' });
    expect(leaving).toHaveBeenCalledWith('https://idp.example/slo?SAMLRequest=x');
    leaving.mockRestore();
  });

  it('tells when logging out failed, in a notification loaded on demand', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      'POST /api/auth/logout': reply(500, { status: 500, message: 'Internal server error.' }),
    });
    const { user } = renderApp('/me/settings');

    await user.click(
      await within(await findHeader()).findByRole('button', { name: 'Ada Lovelace' }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(
      await screen.findByText('You could not be logged out. Please try again.'),
    ).toBeInTheDocument();
    expect(within(await findHeader()).getByRole('button', { name: 'Ada Lovelace' })).toBeVisible();
  });

  it('sends a search to the search page', async () => {
    mockFetch({ 'GET /api/config': reply(200, siteConfig), 'GET /api/me': anonymous });
    const { user, router } = renderApp('/');

    await user.type(
      await screen.findByRole('searchbox', { name: 'Search records' }),
      'ocean temperature{Enter}',
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=ocean+temperature');
  });

  it("holds search, Upload, the language and the user's pages in the menu behind the burger", async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
    });
    const { user, router } = renderApp('/');

    // Shown below the md breakpoint by Mantine's CSS, which jsdom does not apply.
    const burger = await within(await findHeader()).findByLabelText('Open menu');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('searchbox', { name: 'Search records' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Upload' })).toHaveAttribute(
      'href',
      '/uploads/new',
    );
    expect(within(menu).getByRole('button', { name: /Language/ })).toBeInTheDocument();
    const pages = within(menu).getByRole('navigation', { name: 'Ada Lovelace' });
    expect(within(pages).getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    // Following a link closes the menu.
    await user.click(within(pages).getByRole('link', { name: 'My requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/me/requests'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument(),
    );
  });
});
