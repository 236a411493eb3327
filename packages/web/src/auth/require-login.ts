import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { currentUserQuery } from '../api/auth.ts';
import { loginPath } from './paths.ts';

/**
 * Loader of the routes that need a login: an anonymous visitor goes to
 * /login and comes back afterwards. Being a loader, it checks once per
 * navigation, before the page's code is even fetched; so a page does not
 * bounce to /login when its user logs out (the log-out goes home itself).
 */
export function requireLogin(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    if (!user) {
      const url = new URL(request.url);
      return redirect(loginPath(url.pathname + url.search));
    }
    return null;
  };
}
