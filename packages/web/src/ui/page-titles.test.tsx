import { configure, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const empty = reply(200, { hits: { hits: [], total: 0 }, aggregations: {}, links: {} });

// Each page names itself in the tab (and in the history and bookmarks): "Page | Site".
describe('the tab title of each page', () => {
  it.each([
    ['/search', 'Search'],
    ['/me/uploads', 'My uploads'],
    ['/me/communities', 'My communities'],
    ['/me/requests', 'My requests'],
    ['/uploads/new', 'New upload'],
    ['/uploads/abcde-12345', 'Edit upload'],
    ['/login', 'Log in'],
    ['/no/such/page', 'Page not found'],
  ])('%s is "%s | site"', async (path, title) => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      'GET /api/records': empty,
      'GET /api/user/records': empty,
      'GET /api/user/communities': empty,
      'GET /api/user/requests': empty,
    });
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(`${title} | Arca Test`));
  });
});
