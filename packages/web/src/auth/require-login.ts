import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { currentUserQuery } from '../api/auth.ts';
import { loginPath } from './paths.ts';

interface RequireLoginOptions {
  /**
   * A secret link (`?token=`) stands in for a login: an edit link opens the
   * deposit editor for someone with no account (API.md §3.1). The server
   * decides what the token allows.
   */
  orSecretLink?: boolean;
}

/**
 * Loader of the routes that need a login: an anonymous visitor goes to
 * /login and comes back afterwards. Being a loader, it checks once per
 * navigation, before the page's code is even fetched; so a page does not
 * bounce to /login when its user logs out (the log-out goes home itself).
 */
export function requireLogin(queryClient: QueryClient, options: RequireLoginOptions = {}) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (options.orSecretLink && url.searchParams.get('token')) return null;
    const user = await queryClient.ensureQueryData(currentUserQuery);
    if (!user) return redirect(loginPath(url.pathname + url.search));
    return null;
  };
}
