import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { communityMembers } from '../../db/schema.communities.ts';
import { users } from '../../db/schema.ts';
import { communityPolicy } from '../../permissions/communities.policy.ts';
import type { CommunityRole } from '../../permissions/community-roles.ts';
import { can, system } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, permissionDenied } from '../errors.ts';
import { shownUsers } from '../people.ts';
import { communityFacts, type CommunityKit } from './kit.ts';
import { liveMembershipsOf } from './live-memberships.ts';
import { recordMemberChange } from './member-audit.ts';

async function ownerCount(database: Database, communityId: string): Promise<number> {
  const [row] = await database
    .select({ n: count() })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.role, 'owner')));
  return row?.n ?? 0;
}

/** Thrown inside the transaction that changed the members: the change is rolled back. */
async function keepAnOwner(tx: Database, communityId: string) {
  if ((await ownerCount(tx, communityId)) === 0) throw new DomainError('invalid', 'lastOwner');
}

/**
 * Makes a user a member with a role and answers the change, or null when the
 * member was removed meanwhile. A parallel put of the same person waits on the
 * insert and then finds the row, so an addition is reported once and a role
 * change never twice.
 */
async function putMember(tx: Database, communityId: string, userId: number, role: CommunityRole) {
  const [added] = await tx
    .insert(communityMembers)
    .values({ communityId, userId, role })
    .onConflictDoNothing()
    .returning();
  const change = { communityId, userId, after: role };
  if (added) return { ...change, before: null };
  const ofMember = and(
    eq(communityMembers.communityId, communityId),
    eq(communityMembers.userId, userId),
  );
  const [held] = await tx.select().from(communityMembers).where(ofMember).for('update');
  if (!held) return null;
  if (held.role !== role) await tx.update(communityMembers).set({ role }).where(ofMember);
  return { ...change, before: held.role as CommunityRole };
}

/** Only owners (and administrators) give or take the owner role. */
export const isOwnerOf = (actor: Actor, communityId: string) =>
  actor.identity.isAdmin ||
  (actor.communities ?? []).some((m) => m.id === communityId && m.role === 'owner');

/** A community's members and their roles (API.md §5.1, SPEC §3). */
export function memberOperations(kit: CommunityKit) {
  const { db } = kit;

  const currentOf = (communityId: string, ids: number[]) =>
    db
      .select()
      .from(communityMembers)
      .where(
        and(eq(communityMembers.communityId, communityId), inArray(communityMembers.userId, ids)),
      );

  return {
    owners: (communityId: string) => ownerCount(db, communityId),

    /** The live communities a user belongs to, with their role: part of every actor. */
    membershipsOf: (userId: number) => liveMembershipsOf(db, userId),

    async members(actor: Actor, idOrSlug: string) {
      const row = await kit.authorized(actor, idOrSlug, 'canReadMembers');
      // Hidden memberships show to managers and to the member alone.
      const all = can(communityPolicy, 'canSeeHiddenMembers', actor, communityFacts(row));
      const self = actor.identity.userId ?? -1;
      const rows = await db
        .select({
          role: communityMembers.role,
          visible: communityMembers.visible,
          user: users,
          since: communityMembers.createdAt,
        })
        .from(communityMembers)
        .innerJoin(users, eq(users.id, communityMembers.userId))
        .where(
          and(
            eq(communityMembers.communityId, row.id),
            all
              ? undefined
              : or(eq(communityMembers.visible, true), eq(communityMembers.userId, self)),
          ),
        )
        .orderBy(asc(users.fullName), asc(users.id));
      // Every member sees who belongs, but private profiles only as an id (personPolicy).
      const shown = await shownUsers(
        db,
        actor,
        rows.map((member) => member.user),
      );
      return {
        community: row,
        members: rows.map((member) => ({ ...member, shown: shown.has(member.user.id) })),
      };
    },

    /**
     * Adds members or changes their role (managers; only owners touch owners);
     * a community always keeps an owner.
     */
    async setMembers(
      actor: Actor,
      idOrSlug: string,
      userIds: string[],
      role: CommunityRole,
      mode: 'add' | 'update',
    ): Promise<void> {
      const row = await kit.authorized(actor, idOrSlug, 'canManageMembers');
      const ids = userIds.map(Number);
      const bad = userIds.find((id) => !/^\d+$/.test(id));
      if (bad !== undefined)
        throw new DomainError('invalid', 'memberNotFound', { params: { id: bad } });
      const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      const missing = ids.find((id) => !found.some((u) => u.id === id));
      if (missing !== undefined) {
        throw new DomainError('invalid', 'memberNotFound', { params: { id: missing } });
      }
      const current = await currentOf(row.id, ids);
      if (
        !isOwnerOf(actor, row.id) &&
        (role === 'owner' || current.some((m) => m.role === 'owner'))
      ) {
        throw new DomainError('forbidden', 'ownersOnly');
      }
      if (mode === 'update' && current.length !== ids.length) {
        const absent = ids.find((id) => !current.some((m) => m.userId === id))!;
        throw new DomainError('invalid', 'memberNotFound', { params: { id: absent } });
      }
      await db.transaction(async (tx) => {
        for (const userId of ids) {
          const put = await putMember(tx, row.id, userId, role);
          // Removed meanwhile by someone else: nothing to change, nothing to record.
          if (!put) continue;
          await recordMemberChange(tx, actor.identity, { ...put, via: 'manager' });
        }
        await keepAnOwner(tx, row.id);
      });
      kit.membersChanged(ids);
    },

    /** Shows or hides one's own membership to non-managers; nobody else's. */
    async setVisibility(actor: Actor, idOrSlug: string, userIds: string[], visible: boolean) {
      const row = await kit.readable(actor, idOrSlug);
      const self = actor.identity.userId;
      if (self === null || userIds.length !== 1 || userIds[0] !== String(self)) {
        throw new DomainError('forbidden', 'ownVisibilityOnly');
      }
      const changed = await db
        .update(communityMembers)
        .set({ visible })
        .where(and(eq(communityMembers.communityId, row.id), eq(communityMembers.userId, self)))
        .returning({ id: communityMembers.userId });
      if (changed.length === 0) {
        throw new DomainError('invalid', 'memberNotFound', { params: { id: String(self) } });
      }
    },

    async removeMembers(actor: Actor, idOrSlug: string, userIds: string[]): Promise<void> {
      const row = await kit.readable(actor, idOrSlug);
      const ids = userIds.filter((id) => /^\d+$/.test(id)).map(Number);
      const self = actor.identity.userId;
      // Anyone may leave; removing others takes a manager.
      const leaving = ids.length === 1 && ids[0] === self;
      if (!leaving && !can(communityPolicy, 'canManageMembers', actor, communityFacts(row))) {
        throw permissionDenied();
      }
      const current = await currentOf(row.id, ids);
      if (!isOwnerOf(actor, row.id) && !leaving && current.some((m) => m.role === 'owner')) {
        throw new DomainError('forbidden', 'ownersOnly');
      }
      await db.transaction(async (tx) => {
        if (ids.length > 0) {
          const removed = await tx
            .delete(communityMembers)
            .where(
              and(eq(communityMembers.communityId, row.id), inArray(communityMembers.userId, ids)),
            )
            .returning();
          for (const member of removed) {
            await recordMemberChange(tx, actor.identity, {
              communityId: row.id,
              userId: member.userId,
              before: member.role as CommunityRole,
              after: null,
            });
          }
        }
        await keepAnOwner(tx, row.id);
      });
      kit.membersChanged(ids);
    },

    /** Administrative seeding: a member with a role, no questions asked, recorded as the server's. */
    async addMemberAsSystem(communityId: string, userId: number, role: CommunityRole) {
      await db.transaction(async (tx) => {
        const put = await putMember(tx, communityId, userId, role);
        if (put) await recordMemberChange(tx, system, { ...put, via: 'system' });
      });
      kit.membersChanged([userId]);
    },
  };
}
