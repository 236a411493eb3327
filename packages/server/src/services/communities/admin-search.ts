import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { communities, communityMembers } from '../../db/schema.communities.ts';
import { ANY_COMMUNITY, communityPolicy } from '../../permissions/communities.policy.ts';
import { can } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { permissionDenied } from '../errors.ts';
import { checkWindow } from '../pagination.ts';
import type { CommunityKit, CommunityView } from './kit.ts';
import { publicRecordCounts } from './record-counts.ts';
import { DELETED, LIVE } from './tombstone.ts';

export interface AdminCommunitySearch {
  q?: string | undefined;
  /** 'published' (live) or 'deleted'; none: both. */
  status?: 'published' | 'deleted' | undefined;
  visibility?: 'public' | 'restricted' | undefined;
  page: number;
  size: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The administration's list: every community, deleted and restricted ones included. */
export function adminSearchOperations(kit: CommunityKit) {
  const { db } = kit;

  async function memberCounts(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: communityMembers.communityId, n: count() })
      .from(communityMembers)
      .where(inArray(communityMembers.communityId, ids))
      .groupBy(communityMembers.communityId);
    return new Map(rows.map((row) => [row.id, row.n]));
  }

  return {
    /**
     * Every community matching the filters, newest first, each with its
     * records (restricted ones counted) and members counted (InvenioRDM's `search_all`).
     */
    async searchAll(
      actor: Actor,
      params: AdminCommunitySearch,
    ): Promise<{ hits: CommunityView[]; total: number }> {
      if (!can(communityPolicy, 'canSearchAll', actor, ANY_COMMUNITY)) throw permissionDenied();
      checkWindow(params.page, params.size);
      const q = params.q?.trim().toLowerCase() ?? '';
      const text = sql`lower(${communities.title} || ' ' || ${communities.slug} || ' ' || ${communities.description})`;
      const where = and(
        params.status
          ? eq(communities.deletionStatus, params.status === 'deleted' ? DELETED : LIVE)
          : undefined,
        params.visibility ? eq(communities.visibility, params.visibility) : undefined,
        q
          ? sql`(${text} LIKE ${`%${escapeLike(q)}%`} OR ${communities.id}::text = ${q})`
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(communities)
          .where(where)
          .orderBy(desc(communities.createdAt), asc(communities.id))
          .limit(params.size)
          .offset((params.page - 1) * params.size),
        db.select({ n: count() }).from(communities).where(where),
      ]);
      const ids = rows.map((row) => row.id);
      const [records, members] = await Promise.all([
        publicRecordCounts(db, ids, { publicOnly: false }),
        memberCounts(ids),
      ]);
      const hits = rows.map((row) => ({
        ...kit.viewOf(actor, row),
        records: records.get(row.id) ?? 0,
        members: members.get(row.id) ?? 0,
      }));
      return { hits, total: total?.n ?? 0 };
    },
  };
}
