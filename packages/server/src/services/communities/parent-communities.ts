import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { drafts, parents, records } from '../../db/schema.ts';

/** `parents.communities` as stored: the ids, and the default one (API.md §1.2). */
export type ParentCommunities = {
  ids?: string[];
  default?: string;
};

/** A parent's id and its communities, as a change to them starts from. */
export interface ParentOfRecord {
  parentId: string;
  communities: ParentCommunities;
}

export interface HeldRecord extends ParentOfRecord {
  recordId: string;
  accessRecord: string;
}

/**
 * A published record and its parent's communities, the parent row locked
 * until `tx` commits: every change to a record's communities, and every new
 * inclusion request for it, takes this lock first, so they happen one at a time.
 */
export async function holdRecord(tx: Database, recordId: string): Promise<HeldRecord | undefined> {
  const [row] = await tx
    .select({
      recordId: records.id,
      parentId: parents.id,
      accessRecord: records.accessRecord,
      communities: parents.communities,
    })
    .from(records)
    .innerJoin(parents, eq(parents.id, records.parentId))
    .where(eq(records.id, recordId))
    .for('update', { of: parents });
  return row && { ...row, communities: row.communities };
}

/** The parent of a draft and its communities (a review's accept runs under the draft's lock). */
export async function parentOfDraft(
  tx: Database,
  draftId: string,
): Promise<ParentOfRecord | undefined> {
  const [row] = await tx
    .select({ parentId: parents.id, communities: parents.communities })
    .from(parents)
    .innerJoin(drafts, eq(drafts.parentId, parents.id))
    .where(eq(drafts.id, draftId));
  return row;
}

async function store(tx: Database, parentId: string, next: ParentCommunities): Promise<void> {
  const value: ParentCommunities = {
    ...(next.ids?.length ? { ids: next.ids } : {}),
    ...(next.default ? { default: next.default } : {}),
  };
  const now = new Date();
  await tx
    .update(parents)
    .set({ communities: value, updatedAt: now })
    .where(eq(parents.id, parentId));
  // Every version is in the community's OAI-PMH set now (or no longer): their datestamp
  // moves, so that an incremental harvest (from=) sees the change. Tombstones keep theirs.
  await tx
    .update(records)
    .set({ updatedAt: now })
    .where(and(eq(records.parentId, parentId), eq(records.deletionStatus, 'P')));
}

/** Adds a community; the first one becomes the default (rdm-records `AcceptAction`). */
export function addCommunity(tx: Database, held: ParentOfRecord, communityId: string) {
  const ids = [...new Set([...(held.communities.ids ?? []), communityId])];
  return store(tx, held.parentId, { ids, default: held.communities.default ?? communityId });
}

/** Removes a community; the default goes with it when it was that one. */
export function removeCommunity(tx: Database, held: ParentOfRecord, communityId: string) {
  const ids = (held.communities.ids ?? []).filter((id) => id !== communityId);
  const current = held.communities.default;
  return store(tx, held.parentId, {
    ids,
    ...(current && current !== communityId ? { default: current } : {}),
  });
}

/**
 * A community's OAI-PMH set appeared, went or was renamed (deletion, restore, a
 * change of visibility or slug): every live record in it changes its setSpecs,
 * so its datestamp moves for incremental harvests to see, as above.
 */
export async function touchCommunityRecords(tx: Database, communityId: string): Promise<void> {
  const inCommunity = sql`(${parents.communities} -> 'ids') @> ${JSON.stringify([communityId])}::jsonb`;
  await tx
    .update(records)
    .set({ updatedAt: new Date() })
    .where(
      and(
        eq(records.deletionStatus, 'P'),
        inArray(records.parentId, tx.select({ id: parents.id }).from(parents).where(inCommunity)),
      ),
    );
}
