import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CommunityBody } from '@arca/schema';
import type { Database } from '../../db/client.ts';
import { communities, communityMembers } from '../../db/schema.communities.ts';
import { users } from '../../db/schema.ts';
import { DomainError, notFound, permissionDenied } from '../errors.ts';
import {
  canOnCommunity,
  communityFilter,
  type CommunityAction,
  type CommunityFacts,
} from '../../permissions/communities.policy.ts';
import type { CommunityRole } from '../../permissions/community-roles.ts';
import type { Actor } from '../../permissions/records.policy.ts';

export type CommunityRow = typeof communities.$inferSelect;

export const LOGO_MAX_BYTES = 1024 * 1024;
// Recognised by their first bytes, not by what the client claims.
const LOGO_SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  [
    'image/webp',
    (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];

export interface CommunityView {
  row: CommunityRow;
  /** The current user's role in it, if any. */
  role: CommunityRole | null;
  can: (action: CommunityAction) => boolean;
}

export interface CommunitySearchParams {
  q?: string | undefined;
  sort: 'bestmatch' | 'newest' | 'oldest';
  page: number;
  size: number;
  visibility?: string[] | undefined;
  mine?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function communityFacts(row: CommunityRow, creationOpen = false): CommunityFacts {
  return {
    id: row.id,
    visibility: row.visibility,
    submissionPolicy: row.submissionPolicy,
    reviewPolicy: row.reviewPolicy,
    creationOpen,
  };
}

/** Communities, their members and logos (API.md §5.1, SPEC §3). */
export function createCommunityService(deps: {
  db: Database;
  dataDir: string;
  /** Whether signed-in users may create communities, or only administrators. */
  creationOpen: boolean;
  /** Called with the users whose memberships changed (their cached sessions are stale). */
  onMembersChanged?: (userIds: number[]) => void;
}) {
  const { db } = deps;
  const membersChanged = deps.onMembersChanged ?? (() => undefined);
  const logoDir = path.join(deps.dataDir, 'communities', 'logos');

  const viewOf = (actor: Actor, row: CommunityRow): CommunityView => ({
    row,
    role: actor.communities?.find((m) => m.id === row.id)?.role ?? null,
    can: (action) => canOnCommunity(action, actor, communityFacts(row)),
  });

  async function find(idOrSlug: string): Promise<CommunityRow | undefined> {
    const [row] = await db
      .select()
      .from(communities)
      .where(UUID.test(idOrSlug) ? eq(communities.id, idOrSlug) : eq(communities.slug, idOrSlug));
    return row;
  }

  /** The community if the actor may see it; a restricted one is "not found" to outsiders. */
  async function readable(actor: Actor, idOrSlug: string): Promise<CommunityRow> {
    const row = await find(idOrSlug);
    if (!row || !canOnCommunity('canRead', actor, communityFacts(row))) throw notFound();
    return row;
  }

  async function authorized(actor: Actor, idOrSlug: string, action: CommunityAction) {
    const row = await readable(actor, idOrSlug);
    if (!canOnCommunity(action, actor, communityFacts(row))) throw permissionDenied();
    return row;
  }

  const columnsOf = (body: CommunityBody) => ({
    slug: body.slug,
    title: body.metadata.title,
    description: body.metadata.description ?? '',
    website: body.metadata.website ?? '',
    visibility: body.access?.visibility ?? 'public',
    submissionPolicy: body.access?.record_submission_policy ?? 'open',
    reviewPolicy: body.access?.review_policy ?? 'open',
    themeEnabled: body.theme?.enabled ?? false,
  });

  async function slugFree(slug: string, except?: string) {
    const row = await find(slug);
    if (row && row.id !== except) {
      throw new DomainError('invalid', 'validation', {
        errors: [{ field: 'slug', messages: ['communitySlugTaken'] }],
      });
    }
  }

  async function owners(communityId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(communityMembers)
      .where(
        and(eq(communityMembers.communityId, communityId), eq(communityMembers.role, 'owner')),
      );
    return row?.n ?? 0;
  }

  return {
    find,
    /** The communities with these ids that the actor may see, in the order given. */
    async readableAmong(actor: Actor, ids: readonly string[]): Promise<CommunityRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(communities)
        .where(inArray(communities.id, [...ids]));
      return ids
        .map((id) => rows.find((row) => row.id === id))
        .filter(
          (row): row is CommunityRow =>
            row !== undefined && canOnCommunity('canRead', actor, communityFacts(row)),
        );
    },
    viewOf,
    readable,

    /** The communities a user belongs to, with their role: part of every actor. */
    async membershipsOf(userId: number): Promise<{ id: string; role: CommunityRole }[]> {
      const rows = await db
        .select({ id: communityMembers.communityId, role: communityMembers.role })
        .from(communityMembers)
        .where(eq(communityMembers.userId, userId));
      return rows.map((r) => ({ id: r.id, role: r.role as CommunityRole }));
    },

    /** Creates a community; its creator becomes its owner. */
    async create(actor: Actor, body: CommunityBody): Promise<CommunityView> {
      const facts: CommunityFacts = {
        id: '',
        visibility: 'public',
        submissionPolicy: 'open',
        reviewPolicy: 'open',
        creationOpen: deps.creationOpen,
      };
      if (!canOnCommunity('canCreate', actor, facts)) {
        throw new DomainError(
          'forbidden',
          actor.identity.userId === null ? 'permissionDenied' : 'communityCreationRestricted',
        );
      }
      await slugFree(body.slug);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.insert(communities).values(columnsOf(body)).returning();
        if (actor.identity.userId !== null) {
          await tx
            .insert(communityMembers)
            .values({ communityId: created!.id, userId: actor.identity.userId, role: 'owner' });
        }
        return created!;
      });
      if (actor.identity.userId !== null) membersChanged([actor.identity.userId]);
      const role: CommunityRole | null = actor.identity.userId === null ? null : 'owner';
      const withRole: Actor = {
        ...actor,
        communities: [...(actor.communities ?? []), ...(role ? [{ id: row.id, role }] : [])],
      };
      return viewOf(withRole, row);
    },

    async read(actor: Actor, idOrSlug: string): Promise<CommunityView> {
      return viewOf(actor, await readable(actor, idOrSlug));
    },

    async update(actor: Actor, idOrSlug: string, body: CommunityBody): Promise<CommunityView> {
      const row = await authorized(actor, idOrSlug, 'canUpdate');
      await slugFree(body.slug, row.id);
      const [updated] = await db
        .update(communities)
        .set({
          ...columnsOf(body),
          updatedAt: new Date(),
          revisionId: sql`${communities.revisionId} + 1`,
        })
        .where(eq(communities.id, row.id))
        .returning();
      return viewOf(actor, updated!);
    },

    async search(actor: Actor, params: CommunitySearchParams) {
      const q = params.q?.trim().toLowerCase() ?? '';
      const text = sql`lower(${communities.title} || ' ' || ${communities.slug} || ' ' || ${communities.description})`;
      const mine = (actor.communities ?? []).map((m) => m.id);
      const where = and(
        communityFilter('canRead', actor),
        params.mine ? (mine.length === 0 ? sql`FALSE` : inArray(communities.id, mine)) : undefined,
        params.visibility?.length ? inArray(communities.visibility, params.visibility) : undefined,
        q ? sql`${text} LIKE ${`%${q.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
      );
      const sort = params.sort === 'bestmatch' && !q ? 'newest' : params.sort;
      const order =
        sort === 'oldest'
          ? [asc(communities.createdAt), asc(communities.id)]
          : sort === 'newest'
            ? [desc(communities.createdAt), asc(communities.id)]
            : [
                desc(sql`(lower(${communities.title}) LIKE ${`${q.replace(/[\\%_]/g, '\\$&')}%`})`),
                desc(sql`similarity(lower(${communities.title}), ${q})`),
                asc(communities.title),
              ];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(communities)
          .where(where)
          .orderBy(...order)
          .limit(params.size)
          .offset((params.page - 1) * params.size),
        db.select({ n: count() }).from(communities).where(where),
      ]);
      return { hits: rows.map((row) => viewOf(actor, row)), total: total?.n ?? 0, sort };
    },

    /** Stores a logo after checking its size and that it really is an image. */
    async setLogo(actor: Actor, idOrSlug: string, bytes: Buffer): Promise<CommunityView> {
      const row = await authorized(actor, idOrSlug, 'canUpdate');
      if (bytes.length > LOGO_MAX_BYTES) {
        throw new DomainError('tooLarge', 'logoTooLarge', { params: { max: LOGO_MAX_BYTES } });
      }
      const type = LOGO_SIGNATURES.find(([, matches]) => matches(bytes))?.[0];
      if (!type) throw new DomainError('invalid', 'logoType');
      await mkdir(logoDir, { recursive: true });
      // Written aside then renamed: a reader never sees half a logo.
      const file = path.join(logoDir, row.id);
      await writeFile(`${file}.tmp`, bytes);
      await rename(`${file}.tmp`, file);
      const [updated] = await db
        .update(communities)
        .set({ logoType: type, updatedAt: new Date() })
        .where(eq(communities.id, row.id))
        .returning();
      return viewOf(actor, updated!);
    },

    async readLogo(actor: Actor, idOrSlug: string): Promise<{ type: string; bytes: Buffer }> {
      const row = await readable(actor, idOrSlug);
      if (!row.logoType) throw notFound();
      return { type: row.logoType, bytes: await readFile(path.join(logoDir, row.id)) };
    },

    async deleteLogo(actor: Actor, idOrSlug: string): Promise<void> {
      const row = await authorized(actor, idOrSlug, 'canUpdate');
      if (!row.logoType) throw notFound();
      await db.update(communities).set({ logoType: null }).where(eq(communities.id, row.id));
      await rm(path.join(logoDir, row.id), { force: true });
    },

    async members(actor: Actor, idOrSlug: string) {
      const row = await authorized(actor, idOrSlug, 'canReadMembers');
      const rows = await db
        .select({ role: communityMembers.role, user: users, since: communityMembers.createdAt })
        .from(communityMembers)
        .innerJoin(users, eq(users.id, communityMembers.userId))
        .where(eq(communityMembers.communityId, row.id))
        .orderBy(asc(users.fullName), asc(users.id));
      return { community: row, members: rows };
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
      const row = await authorized(actor, idOrSlug, 'canManageMembers');
      const ids = userIds.map(Number);
      const bad = userIds.find((id) => !/^\d+$/.test(id));
      if (bad !== undefined)
        throw new DomainError('invalid', 'memberNotFound', { params: { id: bad } });
      const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      const missing = ids.find((id) => !found.some((u) => u.id === id));
      if (missing !== undefined) {
        throw new DomainError('invalid', 'memberNotFound', { params: { id: missing } });
      }
      const current = await db
        .select()
        .from(communityMembers)
        .where(
          and(eq(communityMembers.communityId, row.id), inArray(communityMembers.userId, ids)),
        );
      const isOwner =
        actor.identity.isAdmin ||
        actor.communities?.some((m) => m.id === row.id && m.role === 'owner');
      if (!isOwner && (role === 'owner' || current.some((m) => m.role === 'owner'))) {
        throw new DomainError('forbidden', 'ownersOnly');
      }
      if (mode === 'update' && current.length !== ids.length) {
        const absent = ids.find((id) => !current.some((m) => m.userId === id))!;
        throw new DomainError('invalid', 'memberNotFound', { params: { id: absent } });
      }
      await db.transaction(async (tx) => {
        for (const userId of ids) {
          await tx
            .insert(communityMembers)
            .values({ communityId: row.id, userId, role })
            .onConflictDoUpdate({
              target: [communityMembers.communityId, communityMembers.userId],
              set: { role },
            });
        }
        await keepAnOwner(tx, row.id);
      });
      membersChanged(ids);
    },

    async removeMembers(actor: Actor, idOrSlug: string, userIds: string[]): Promise<void> {
      const row = await readable(actor, idOrSlug);
      const ids = userIds.filter((id) => /^\d+$/.test(id)).map(Number);
      const self = actor.identity.userId;
      // Anyone may leave; removing others takes a manager.
      const leaving = ids.length === 1 && ids[0] === self;
      if (!leaving && !canOnCommunity('canManageMembers', actor, communityFacts(row))) {
        throw permissionDenied();
      }
      const current = await db
        .select()
        .from(communityMembers)
        .where(
          and(eq(communityMembers.communityId, row.id), inArray(communityMembers.userId, ids)),
        );
      const isOwner =
        actor.identity.isAdmin ||
        actor.communities?.some((m) => m.id === row.id && m.role === 'owner');
      if (!isOwner && !leaving && current.some((m) => m.role === 'owner')) {
        throw new DomainError('forbidden', 'ownersOnly');
      }
      await db.transaction(async (tx) => {
        if (ids.length > 0) {
          await tx
            .delete(communityMembers)
            .where(
              and(eq(communityMembers.communityId, row.id), inArray(communityMembers.userId, ids)),
            );
        }
        await keepAnOwner(tx, row.id);
      });
      membersChanged(ids);
    },

    /** Administrative seeding: a member with a role, no questions asked. */
    async addMemberAsSystem(communityId: string, userId: number, role: CommunityRole) {
      await db
        .insert(communityMembers)
        .values({ communityId, userId, role })
        .onConflictDoUpdate({
          target: [communityMembers.communityId, communityMembers.userId],
          set: { role },
        });
      membersChanged([userId]);
    },

    owners,
  };

  async function keepAnOwner(tx: Database, communityId: string) {
    const [row] = await tx
      .select({ n: count() })
      .from(communityMembers)
      .where(
        and(eq(communityMembers.communityId, communityId), eq(communityMembers.role, 'owner')),
      );
    // Thrown inside the transaction: the change is rolled back.
    if ((row?.n ?? 0) === 0) throw new DomainError('invalid', 'lastOwner');
  }
}

export type CommunityService = ReturnType<typeof createCommunityService>;
