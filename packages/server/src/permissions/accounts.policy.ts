import { Administrator, AuthenticatedUser, Self, SystemProcess, type Policy } from './policy.ts';

type AccountAction =
  | 'canReadOwnAccount'
  | 'canSearchUsers'
  | 'canSearchGroups'
  | 'canManageUsers'
  | 'canManageGroups'
  | 'canManageTokens'
  | 'canReadOutbox';

/** Who may do what with accounts, groups and tokens. */
export const accountPolicy: Policy<{ userId: number }, AccountAction> = {
  canReadOwnAccount: [Self, Administrator, SystemProcess],
  canSearchUsers: [AuthenticatedUser],
  canSearchGroups: [AuthenticatedUser],
  canManageUsers: [Administrator, SystemProcess],
  canManageGroups: [Administrator, SystemProcess],
  canManageTokens: [Self],
  canReadOutbox: [Administrator, SystemProcess],
};
