import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { CommunityBody } from '@arca/schema';
import { communities, communityMembers } from '../../db/schema.communities.ts';
import {
  ANY_COMMUNITY,
  communityPolicy,
  type CommunityFacts,
} from '../../permissions/communities.policy.ts';
import type { CommunityRole } from '../../permissions/community-roles.ts';
import { can, filter } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, notFound, permissionDenied } from '../errors.ts';
import { sanitizeHtml } from '../html.ts';
import { checkWindow } from '../pagination.ts';
import { recordMemberChange } from './member-audit.ts';
import { touchCommunityRecords } from './parent-communities.ts';
import { publicRecordCounts } from './record-counts.ts';
import { communityFacts, type CommunityKit, type CommunityRow, type CommunityView } from './kit.ts';
import { recordSettingsChange } from './settings-audit.ts';
import { communityGone, isDeleted } from './tombstone.ts';

export interface CommunitySearchParams {
  q?: string | undefined;
  sort: 'bestmatch' | 'newest' | 'oldest';
  page: number;
  size: number;
  visibility?: string[] | undefined;
  mine?: boolean;
  /** Only these communities (a record's communities). */
  ids?: readonly string[] | undefined;
  /** Not these (suggestions leave out a record's communities and open requests). */
  excludeIds?: readonly string[] | undefined;
}

const columnsOf = (body: CommunityBody) => ({
  slug: body.slug,
  title: body.metadata.title,
  // Rich text, kept only with harmless markup.
  description: sanitizeHtml(body.metadata.description ?? ''),
  organizations: body.metadata.organizations ?? [],
  membersVisibility: body.access?.members_visibility ?? 'restricted',
  memberPolicy: body.access?.member_policy ?? 'closed',
  page: sanitizeHtml(body.metadata.page ?? ''),
  curationPolicy: sanitizeHtml(body.metadata.curation_policy ?? ''),
  website: body.metadata.website ?? '',
  visibility: body.access?.visibility ?? 'public',
  submissionPolicy: body.access?.record_submission_policy ?? 'open',
  reviewPolicy: body.access?.review_policy ?? 'open',
  themeEnabled: body.theme?.enabled ?? false,
  brandColor: body.theme?.style?.primaryColor ?? null,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Creating, reading, changing and finding communities (API.md §5.1). */
export function coreOperations(kit: CommunityKit) {
  const { db, viewOf } = kit;

  async function slugFree(slug: string, except?: string) {
    const row = await kit.find(slug);
    if (row && row.id !== except) {
      throw new DomainError('invalid', 'validation', {
        errors: [{ field: 'slug', messages: ['communitySlugTaken'] }],
      });
    }
  }

  /** Whether the actor may create communities (`ARCA_COMMUNITY_CREATION`). */
  function canCreate(actor: Actor): boolean {
    const facts: CommunityFacts = { ...ANY_COMMUNITY, creationOpen: kit.creationOpen };
    return can(communityPolicy, 'canCreate', actor, facts);
  }

  return {
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
            row !== undefined && can(communityPolicy, 'canRead', actor, communityFacts(row)),
        );
    },

    canCreate,

    /** Creates a community; its creator becomes its owner. */
    async create(actor: Actor, body: CommunityBody): Promise<CommunityView> {
      if (!canCreate(actor)) {
        throw new DomainError(
          'forbidden',
          actor.identity.userId === null ? 'permissionDenied' : 'communityCreationRestricted',
        );
      }
      await slugFree(body.slug);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.insert(communities).values(columnsOf(body)).returning();
        const userId = actor.identity.userId;
        if (userId !== null) {
          await tx
            .insert(communityMembers)
            .values({ communityId: created!.id, userId, role: 'owner' });
          await recordMemberChange(tx, actor.identity, {
            communityId: created!.id,
            userId,
            before: null,
            after: 'owner',
            via: 'creation',
          });
        }
        return created!;
      });
      if (actor.identity.userId !== null) kit.membersChanged([actor.identity.userId]);
      const role: CommunityRole | null = actor.identity.userId === null ? null : 'owner';
      const withRole: Actor = {
        ...actor,
        communities: [...(actor.communities ?? []), ...(role ? [{ id: row.id, role }] : [])],
      };
      return viewOf(withRole, row);
    },

    async read(actor: Actor, idOrSlug: string): Promise<CommunityView> {
      return viewOf(actor, await kit.readable(actor, idOrSlug));
    },

    /** Replaces a community's settings; the access-related changes go to the audit log with it. */
    async update(actor: Actor, idOrSlug: string, body: CommunityBody): Promise<CommunityView> {
      const row = await kit.authorized(actor, idOrSlug, 'canUpdate');
      await slugFree(body.slug, row.id);
      const updated = await db.transaction(async (tx) => {
        // Locked: a deletion committed meanwhile is not undone by this write.
        const [held] = await tx
          .select()
          .from(communities)
          .where(eq(communities.id, row.id))
          .for('update');
        if (!held) throw notFound();
        if (isDeleted(held)) throw communityGone(held);
        const [saved] = await tx
          .update(communities)
          .set({
            ...columnsOf(body),
            updatedAt: new Date(),
            revisionId: sql`${communities.revisionId} + 1`,
          })
          .where(eq(communities.id, row.id))
          .returning();
        const setChanged = held.visibility !== saved!.visibility || held.slug !== saved!.slug;
        if (setChanged && [held.visibility, saved!.visibility].includes('public'))
          await touchCommunityRecords(tx, held.id);
        await recordSettingsChange(tx, actor.identity, held, saved!);
        return saved!;
      });
      return viewOf(actor, updated);
    },

    async search(actor: Actor, params: CommunitySearchParams) {
      if (params.mine && !can(communityPolicy, 'canSearchMine', actor, ANY_COMMUNITY))
        throw permissionDenied();
      checkWindow(params.page, params.size);
      const q = params.q?.trim().toLowerCase() ?? '';
      const text = sql`lower(${communities.title} || ' ' || ${communities.slug} || ' ' || ${communities.description})`;
      const mine = (actor.communities ?? []).map((m) => m.id);
      const where = and(
        filter(communityPolicy, 'canRead', actor),
        params.mine ? (mine.length === 0 ? sql`FALSE` : inArray(communities.id, mine)) : undefined,
        params.visibility?.length ? inArray(communities.visibility, params.visibility) : undefined,
        params.ids === undefined
          ? undefined
          : params.ids.length === 0
            ? sql`FALSE`
            : inArray(communities.id, [...params.ids]),
        params.excludeIds?.length ? notInArray(communities.id, [...params.excludeIds]) : undefined,
        q ? sql`${text} LIKE ${`%${escapeLike(q)}%`}` : undefined,
      );
      const sort = params.sort === 'bestmatch' && !q ? 'newest' : params.sort;
      const order =
        sort === 'oldest'
          ? [asc(communities.createdAt), asc(communities.id)]
          : sort === 'newest'
            ? [desc(communities.createdAt), asc(communities.id)]
            : [
                desc(sql`(lower(${communities.title}) LIKE ${`${escapeLike(q)}%`})`),
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
      const counts = await publicRecordCounts(
        db,
        rows.map((row) => row.id),
      );
      const hits = rows.map((row) => ({ ...viewOf(actor, row), records: counts.get(row.id) ?? 0 }));
      return { hits, total: total?.n ?? 0, sort };
    },
  };
}
