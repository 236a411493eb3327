import type { Identity } from '../permissions/policy.ts';
import { accountPolicy } from '../permissions/accounts.policy.ts';
import { can } from '../permissions/policy.ts';
import type { OutboxReader } from '../mail/outbox.ts';
import type { AccountService } from './accounts.service.ts';
import { permissionDenied } from './errors.ts';
import type { GroupService } from './groups.service.ts';
import { checkWindow, type Page } from './pagination.ts';
import type { UserLimitsService } from './user-limits.ts';

type AdminAction = 'canManageUsers' | 'canManageGroups' | 'canReadOutbox';

/**
 * What administrators do to accounts, groups and the mail outbox. Every method
 * asks the policy first, so no route can forget to; refusals come before any
 * other check (a stranger learns nothing about the input).
 */
export function createAdministrationService(deps: {
  accounts: AccountService;
  groups: GroupService;
  outbox: OutboxReader;
  userLimits: UserLimitsService;
}) {
  const { accounts, groups, outbox, userLimits } = deps;
  const assertCan = (who: Identity, action: AdminAction) => {
    if (!can(accountPolicy, action, who, { userId: -1 })) throw permissionDenied();
  };

  return {
    async users(who: Identity, query: string, page: Page) {
      assertCan(who, 'canManageUsers');
      checkWindow(page.page, page.size);
      return accounts.list(query, page);
    },
    async createUser(who: Identity, input: Parameters<AccountService['create']>[0]) {
      assertCan(who, 'canManageUsers');
      return accounts.create(input, who);
    },
    async user(who: Identity, id: number) {
      assertCan(who, 'canManageUsers');
      return accounts.get(id);
    },
    async updateUser(who: Identity, id: number, changes: Parameters<AccountService['update']>[1]) {
      assertCan(who, 'canManageUsers');
      return accounts.update(id, changes, who);
    },

    /** A user's quotas: open drafts and stored bytes (user-limits.ts). */
    async userQuota(who: Identity, id: number) {
      assertCan(who, 'canManageUsers');
      const [limits, usage] = await Promise.all([userLimits.read(id), userLimits.usage(id)]);
      return { ...limits, ...usage };
    },
    async setUserQuota(
      who: Identity,
      id: number,
      limits: { maxDrafts: number | null; maxBytes: number | null },
    ) {
      assertCan(who, 'canManageUsers');
      return userLimits.setLimits(id, limits, who);
    },

    async createGroup(who: Identity, input: Parameters<GroupService['create']>[0]) {
      assertCan(who, 'canManageGroups');
      return groups.create(input, who);
    },
    async updateGroup(who: Identity, id: string, changes: Parameters<GroupService['update']>[1]) {
      assertCan(who, 'canManageGroups');
      return groups.update(id, changes, who);
    },
    async removeGroup(who: Identity, id: string) {
      assertCan(who, 'canManageGroups');
      await groups.remove(id, who);
    },
    async members(who: Identity, id: string) {
      assertCan(who, 'canManageGroups');
      return groups.members(id);
    },
    async addMember(who: Identity, id: string, userId: number) {
      assertCan(who, 'canManageGroups');
      await groups.addMember(id, userId, who);
    },
    async removeMember(who: Identity, id: string, userId: number) {
      assertCan(who, 'canManageGroups');
      await groups.removeMember(id, userId, who);
    },

    /** Mail written to the outbox (the embedded stand-in for SMTP), newest first. */
    async outbox(who: Identity, page: Page) {
      assertCan(who, 'canReadOutbox');
      checkWindow(page.page, page.size);
      return outbox.list(page);
    },
  };
}

export type AdministrationService = ReturnType<typeof createAdministrationService>;
