import type { Database } from '../db/client.ts';
import type { Actor, Identity } from '../permissions/policy.ts';
import { accountPolicy } from '../permissions/accounts.policy.ts';
import { can } from '../permissions/policy.ts';
import type { AccountService, UserRow } from './accounts.service.ts';
import { permissionDenied } from './errors.ts';
import type { GroupService } from './groups.service.ts';
import { checkWindow, type Page } from './pagination.ts';
import { showsUser, shownUsers, type Person } from './people.ts';

/** Any user, for checks that are about who asks rather than whom. */
const anyone = { userId: -1 };

/**
 * Finding people and groups to share with (API.md §5.3): signed-in users see
 * the public profiles, and everyone their own.
 */
export function createDirectoryService(deps: {
  db: Database;
  accounts: AccountService;
  groups: GroupService;
}) {
  const { db, accounts, groups } = deps;
  const own = (who: Identity, user: UserRow) =>
    can(accountPolicy, 'canReadOwnAccount', who, { userId: user.id });

  return {
    async users(who: Identity, query: string, page: Page) {
      if (!can(accountPolicy, 'canSearchUsers', who, anyone)) throw permissionDenied();
      checkWindow(page.page, page.size);
      return accounts.searchPublic(query, page);
    },

    /**
     * A profile: active ones to whoever may see their details (personPolicy: public
     * ones to everyone, private ones to managers of their communities), one's own always.
     */
    async user(who: Identity, id: number) {
      const user = await accounts.get(id);
      if (!own(who, user) && (!user.active || !(await showsUser(db, who, user)))) {
        throw permissionDenied();
      }
      return user;
    },

    /** The name an avatar shows: none for a hidden profile, whose initials would reveal it. */
    async avatarName(who: Identity, id: number): Promise<string> {
      const user = await accounts.get(id);
      return own(who, user) || (await showsUser(db, who, user)) ? user.fullName || user.email : '';
    },

    /** Of these users, those whose details `who` may see (for the routes that name people). */
    shown: (who: Actor | Identity, people: readonly Person[]) => shownUsers(db, who, people),

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
