import type { UserItem } from '@arca/schema';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';

const keptAcrossSessions: readonly unknown[] = [queryKeys.siteConfig[0], queryKeys.currentUser[0]];

/**
 * The person behind the session changed (log in, sign up, log out): forget
 * everything cached for the previous one but the public site settings. The
 * current user is updated in place rather than removed, so that the
 * components watching it (the header) see the change.
 */
export function startSession(queryClient: QueryClient, user: UserItem | null): void {
  queryClient.removeQueries({
    predicate: (query) => !keptAcrossSessions.includes(query.queryKey[0]),
  });
  queryClient.setQueryData(queryKeys.currentUser, user);
}

/**
 * Sends the browser to another site (an identity provider). One object, so
 * that tests can watch where the app sends it: jsdom does not navigate.
 */
export const leaveSite = {
  to(url: string): void {
    window.location.assign(url);
  },
};
