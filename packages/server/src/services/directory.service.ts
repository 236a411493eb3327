import type { Identity } from '../permissions/policy.ts';
import { accountPolicy } from '../permissions/accounts.policy.ts';
import { can } from '../permissions/policy.ts';
import type { AccountService, UserRow } from './accounts.service.ts';
import { permissionDenied } from './errors.ts';
import type { GroupService } from './groups.service.ts';
import { checkWindow, type Page } from './pagination.ts';

/** Any user, for checks that are about who asks rather than whom. */
const anyone = { userId: -1 };

/**
 * Finding people and groups to share with (API.md §5.3): signed-in users see
 * the public profiles, and everyone their own.
 */
export function createDirectoryService(deps: { accounts: AccountService; groups: GroupService }) {
  const { accounts, groups } = deps;
  const own = (who: Identity, user: UserRow) =>
    can(accountPolicy, 'canReadOwnAccount', who, { userId: user.id });

  return {
    async users(who: Identity, query: string, page: Page) {
      if (!can(accountPolicy, 'canSearchUsers', who, anyone)) throw permissionDenied();
      checkWindow(page.page, page.size);
      return accounts.searchPublic(query, page);
    },

    /** A profile: public and active ones for everyone, one's own always. */
    async user(who: Identity, id: number) {
      const user = await accounts.get(id);
      if (!own(who, user) && (user.visibility !== 'public' || !user.active)) {
        throw permissionDenied();
      }
      return user;
    },

    /** The name an avatar shows: none for a private profile, whose initials would reveal it. */
    async avatarName(who: Identity, id: number): Promise<string> {
      const user = await accounts.get(id);
      return user.visibility === 'public' || own(who, user) ? user.fullName || user.email : '';
    },

    async groups(who: Identity, query: string, page: Page) {
      if (!can(accountPolicy, 'canSearchGroups', who, anyone)) throw permissionDenied();
      checkWindow(page.page, page.size);
      return groups.search(query, page);
    },

    async group(who: Identity, id: string) {
      if (!can(accountPolicy, 'canSearchGroups', who, anyone)) throw permissionDenied();
      return groups.get(id);
    },
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
