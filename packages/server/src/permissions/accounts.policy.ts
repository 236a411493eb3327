import { MANAGING_ROLES } from './community-roles.ts';
import {
  Administrator,
  AuthenticatedUser,
  Self,
  SystemProcess,
  type Generator,
  type Policy,
} from './policy.ts';

type AccountAction =
  | 'canReadOwnAccount'
  | 'canSearchUsers'
  | 'canSearchGroups'
  | 'canManageUsers'
  | 'canManageGroups'
  | 'canManageTokens'
  | 'canReadOutbox'
  | 'canManageDoiRegistrations'
  | 'canMonitor'
  | 'canReadAuditLog';

/** Who may do what with accounts, groups and tokens. */
export const accountPolicy: Policy<{ userId: number }, AccountAction> = {
  canReadOwnAccount: [Self, Administrator, SystemProcess],
  canSearchUsers: [AuthenticatedUser],
  canSearchGroups: [AuthenticatedUser],
  canManageUsers: [Administrator, SystemProcess],
  canManageGroups: [Administrator, SystemProcess],
  canManageTokens: [Self],
  canReadOutbox: [Administrator, SystemProcess],
  canManageDoiRegistrations: [Administrator, SystemProcess],
  /** The admin dashboard's counts and the job queue (list, retry). */
  canMonitor: [Administrator, SystemProcess],
  /** The whole audit log; a record's own history follows canManageAccess. */
  canReadAuditLog: [Administrator],
};

/** What deciding whether a user may be given access looks at. */
export interface ReceiverFacts {
  /** The user confirmed their address. */
  emailVerified: boolean;
  /** The site requires a confirmed address to receive access (ARCA_REQUIRE_VERIFIED_EMAIL). */
  verificationRequired: boolean;
}

const ConfirmedAddress: Generator<ReceiverFacts> = {
  name: 'ConfirmedAddress',
  allows: (_actor, person) => person.emailVerified || !person.verificationRequired,
};

/** Who may be given access to a record: accounts whose address is confirmed (issue 23). */
export const receiverPolicy: Policy<ReceiverFacts, 'canReceiveGrant'> = {
  canReceiveGrant: [ConfirmedAddress],
};

/** What deciding whether someone may see a user's name, affiliation and e-mail looks at. */
export interface PersonFacts {
  userId: number;
  /** The profile's visibility: 'public' or 'restricted'. */
  visibility: string;
  /** The communities the user belongs to (those the viewer manages are enough). */
  communityIds: readonly string[];
}

/** A profile its holder made public. */
const PublicProfile: Generator<PersonFacts> = {
  name: 'PublicProfile',
  allows: (_actor, person) => person.visibility === 'public',
};

/** A manager (or owner) of a community the user belongs to: they already know their members. */
const ManagerOfTheirCommunity: Generator<PersonFacts> = {
  name: 'ManagerOfTheirCommunity',
  allows: (actor, person) =>
    (actor.communities ?? []).some(
      (membership) =>
        MANAGING_ROLES.includes(membership.role) && person.communityIds.includes(membership.id),
    ),
};

/**
 * Who sees a user's details wherever the server names them (record owners, request
 * people, members, grants, profiles); others get the id and no name, as InvenioRDM's
 * users service answers only public profiles and one's own.
 */
export const personPolicy: Policy<PersonFacts, 'canReadUserDetails'> = {
  canReadUserDetails: [PublicProfile, Self, ManagerOfTheirCommunity, Administrator, SystemProcess],
};
