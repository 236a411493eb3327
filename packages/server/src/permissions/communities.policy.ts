import { and, sql } from 'drizzle-orm';
import { communities } from '../db/schema.communities.ts';
import {
  CURATING_ROLES,
  MANAGING_ROLES,
  COMMUNITY_ROLES,
  type CommunityRole,
} from './community-roles.ts';
import {
  Administrator,
  AuthenticatedUser,
  SystemProcess,
  type Actor,
  type Generator,
} from './policy.ts';

/** What a community permission looks at. */
export interface CommunityFacts {
  id: string;
  visibility: string;
  submissionPolicy: string;
  reviewPolicy: string;
  /** 'public': whoever sees the community sees its members; 'restricted': members only. */
  membersVisibility?: string;
  /** 'open': signed-in users may join as readers; 'closed': by invitation only. */
  memberPolicy?: string;
  /** Whether signed-in users (not only administrators) may create communities. */
  creationOpen?: boolean;
  /** Deleted (InvenioRDM's `deletion_status` 'D'): it keeps its row, its slug and its members. */
  deleted?: boolean;
  /** A deleted community's tombstone shows to readers (`tombstone.is_visible`). */
  tombstoneVisible?: boolean;
}

/** The facts of no community in particular, for actions on the whole collection. */
export const ANY_COMMUNITY: CommunityFacts = {
  id: '',
  visibility: 'public',
  submissionPolicy: 'open',
  reviewPolicy: 'open',
};

/** A rule of the communities policy; its SQL condition is on `communities`. */
export type CommunityGenerator = Generator<CommunityFacts>;

export const roleIn = (actor: Actor, communityId: string): CommunityRole | null =>
  actor.communities?.find((m) => m.id === communityId)?.role ?? null;

const idsWithRole = (actor: Actor, roles: readonly CommunityRole[]) =>
  (actor.communities ?? []).filter((m) => roles.includes(m.role)).map((m) => m.id);

function Members(roles: readonly CommunityRole[], name: string): CommunityGenerator {
  return {
    name,
    allows: (actor, community) => {
      const role = roleIn(actor, community.id);
      return role !== null && roles.includes(role);
    },
    filter: (actor) => {
      const ids = idsWithRole(actor, roles);
      return ids.length === 0
        ? undefined
        : sql`${communities.id} IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
    },
  };
}

const AnyMember = Members(COMMUNITY_ROLES, 'AnyMember');
const Curators = Members(CURATING_ROLES, 'Curators');
const Managers = Members(MANAGING_ROLES, 'Managers');
const Owners = Members(['owner'], 'Owners');

const PublicCommunity: CommunityGenerator = {
  name: 'PublicCommunity',
  allows: (_actor, community) => community.visibility === 'public',
  filter: () => sql`${communities.visibility} = 'public'`,
};

/** Anyone, when a public community shows its members to all (`members_visibility`). */
const PublicMembers: CommunityGenerator = {
  name: 'PublicMembers',
  allows: (_actor, community) =>
    community.visibility === 'public' && community.membersVisibility === 'public',
};

/** Signed-in users, when the configuration lets them create communities. */
const CreatorsByConfiguration: CommunityGenerator = {
  name: 'CreatorsByConfiguration',
  allows: (actor, community) => actor.identity.userId !== null && community.creationOpen === true,
};

/** Anyone signed in, when the community takes submissions from everyone. */
const OpenSubmission: CommunityGenerator = {
  name: 'OpenSubmission',
  allows: (actor, community) =>
    actor.identity.userId !== null && community.submissionPolicy === 'open',
};

/** Anyone signed in, when the community lets people join (`member_policy` open). */
const OpenMembership: CommunityGenerator = {
  name: 'OpenMembership',
  allows: (actor, community) => actor.identity.userId !== null && community.memberPolicy === 'open',
};

/** Members allowed by the review policy to include records without review. */
const DirectIncluders: CommunityGenerator = {
  name: 'DirectIncluders',
  allows: (actor, community) => {
    const role = roleIn(actor, community.id);
    if (role === null) return false;
    if (community.reviewPolicy === 'members') return true;
    return community.reviewPolicy === 'open' && CURATING_ROLES.includes(role);
  },
};

/**
 * The generators' answer for a live community: a deleted one is read, joined,
 * changed and submitted to by nobody (InvenioRDM checks `deletion_status`
 * before its policy; here the rule is part of the table, so searches leave
 * deleted communities out with the same condition).
 */
function live(...generators: CommunityGenerator[]): CommunityGenerator[] {
  return generators.map((generator) => ({
    name: `Live(${generator.name})`,
    allows: (actor, community) => community.deleted !== true && generator.allows(actor, community),
    filter: (actor) => {
      const condition = generator.filter?.(actor);
      return condition && and(sql`${communities.deletionStatus} = 'P'`, condition);
    },
  }));
}

/** The generators' answer for a deleted community (what only a deleted one allows: a restore). */
function deleted(...generators: CommunityGenerator[]): CommunityGenerator[] {
  return generators.map((generator) => ({
    name: `Deleted(${generator.name})`,
    allows: (actor, community) => community.deleted === true && generator.allows(actor, community),
  }));
}

/** Anyone, for a deleted public community whose tombstone is visible: they see it was deleted. */
const VisibleTombstone: CommunityGenerator = {
  name: 'VisibleTombstone',
  allows: (_actor, community) =>
    community.deleted === true &&
    community.visibility === 'public' &&
    community.tombstoneVisible === true,
};

/** Who may do what with communities. */
export const communityPolicy = {
  /** "My communities": a list of one's own, so it needs a signed-in user. */
  canSearchMine: [AuthenticatedUser],
  /** Every community, deleted ones included (the administration's list; InvenioRDM's `search_all`). */
  canSearchAll: [Administrator, SystemProcess],
  canCreate: [CreatorsByConfiguration, Administrator, SystemProcess],
  canRead: live(PublicCommunity, AnyMember, Administrator, SystemProcess),
  /**
   * Who gets a deleted community's tombstone (410) rather than "not found"
   * (InvenioRDM's `can_read_deleted`: user managers; readers while the tombstone shows).
   */
  canReadTombstone: [VisibleTombstone, Administrator, SystemProcess],
  canUpdate: live(Owners, Managers, Administrator, SystemProcess),
  /** Soft deletion with a tombstone (InvenioRDM's `can_delete`: the owners; and administrators). */
  canDelete: live(Owners, Administrator, SystemProcess),
  /** Bringing a deleted community back: a moderation decision, so administrators only. */
  canRestore: deleted(Administrator, SystemProcess),
  canManageMembers: live(Managers, Administrator, SystemProcess),
  /** Joining as a reader, without an invitation. */
  canJoin: live(OpenMembership),
  canReadMembers: live(PublicMembers, AnyMember, Administrator, SystemProcess),
  /** Members who hid their membership show only to managers (InvenioRDM's `visible`). */
  canSeeHiddenMembers: live(Managers, Administrator, SystemProcess),
  canSubmitRecord: live(OpenSubmission, AnyMember),
  canIncludeDirectly: live(DirectIncluders),
  canCurate: live(Curators, Administrator, SystemProcess),
  /** Taking a record out of the community (rdm-records `can_remove_record`). */
  canRemoveRecord: live(Curators, Administrator, SystemProcess),
} satisfies Record<string, readonly CommunityGenerator[]>;

export type CommunityAction = keyof typeof communityPolicy;
