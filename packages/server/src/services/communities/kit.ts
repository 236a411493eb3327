import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { communities } from '../../db/schema.communities.ts';
import {
  communityPolicy,
  roleIn,
  type CommunityAction,
  type CommunityFacts,
} from '../../permissions/communities.policy.ts';
import type { CommunityRole } from '../../permissions/community-roles.ts';
import { can } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import type { Storage } from '../../storage/storage.ts';
import { notFound, permissionDenied } from '../errors.ts';
import { communityGone, isDeleted, tombstoneOf } from './tombstone.ts';

export type CommunityRow = typeof communities.$inferSelect;

export interface CommunityView {
  row: CommunityRow;
  /** The current user's role in it, if any. */
  role: CommunityRole | null;
  can: (action: CommunityAction) => boolean;
  /** How many public records it holds, when a list asked. */
  records?: number;
  /** How many members it has, when the administration's list asked. */
  members?: number;
}

export interface CommunityServiceDeps {
  db: Database;
  /** Where logos are stored (the files' storage, shared by every app server). */
  storage: Storage;
  /** Where logos were stored before (logos.ts moves them on first read). */
  dataDir: string;
  /** Whether signed-in users may create communities, or only administrators. */
  creationOpen: boolean;
  /** Called with the users whose memberships changed (their cached sessions are stale). */
  onMembersChanged?: (userIds: number[]) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The condition picking a community by its id or, for anything else, its slug. */
export const communityIs = (idOrSlug: string) =>
  UUID.test(idOrSlug) ? eq(communities.id, idOrSlug) : eq(communities.slug, idOrSlug);

export function communityFacts(row: CommunityRow, creationOpen = false): CommunityFacts {
  return {
    id: row.id,
    visibility: row.visibility,
    submissionPolicy: row.submissionPolicy,
    reviewPolicy: row.reviewPolicy,
    membersVisibility: row.membersVisibility,
    memberPolicy: row.memberPolicy,
    creationOpen,
    deleted: isDeleted(row),
    tombstoneVisible: tombstoneOf(row)?.is_visible !== false,
  };
}

/** A community with the actor's role in it and what the actor may do with it. */
export const communityView = (actor: Actor, row: CommunityRow): CommunityView => ({
  row,
  role: roleIn(actor, row.id),
  can: (action) => can(communityPolicy, action, actor, communityFacts(row)),
});

/** What the communities operations share: finding a community and checking the actor. */
export function createCommunityKit(deps: CommunityServiceDeps) {
  const { db } = deps;

  async function find(idOrSlug: string): Promise<CommunityRow | undefined> {
    const [row] = await db.select().from(communities).where(communityIs(idOrSlug));
    return row;
  }

  /**
   * The community if the actor may see it; a restricted one is "not found" to
   * outsiders. A deleted one answers 410 with its tombstone to those who may
   * see that (InvenioRDM's `CommunityDeletedError`), else "not found" too.
   */
  async function readable(actor: Actor, idOrSlug: string): Promise<CommunityRow> {
    const row = await find(idOrSlug);
    if (!row) throw notFound();
    const facts = communityFacts(row);
    if (isDeleted(row)) {
      throw can(communityPolicy, 'canReadTombstone', actor, facts)
        ? communityGone(row)
        : notFound();
    }
    if (!can(communityPolicy, 'canRead', actor, facts)) throw notFound();
    return row;
  }

  async function authorized(actor: Actor, idOrSlug: string, action: CommunityAction) {
    const row = await readable(actor, idOrSlug);
    if (!can(communityPolicy, action, actor, communityFacts(row))) throw permissionDenied();
    return row;
  }

  return {
    ...deps,
    membersChanged: deps.onMembersChanged ?? (() => undefined),
    viewOf: communityView,
    find,
    readable,
    authorized,
  };
}

export type CommunityKit = ReturnType<typeof createCommunityKit>;
