import type { Database } from '../../db/client.ts';
import { communities } from '../../db/schema.communities.ts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { DomainError, notFound } from '../errors.ts';
import { OPEN_STATUSES, type RequestRow, type RequestType } from '../requests/types.ts';
import { COMMUNITY_REVIEW_ACTIONS, joinCommunity } from './community-review.ts';
import { holdRecord } from './parent-communities.ts';
import { holdLiveCommunity } from './tombstone.ts';
import { requests } from '../../db/schema.requests.ts';

export const COMMUNITY_INCLUSION = 'community-inclusion';

/** The open inclusion requests of a record to communities. */
const openInclusions = (recordId: string) =>
  and(
    eq(requests.type, COMMUNITY_INCLUSION),
    eq(requests.topicType, 'record'),
    eq(requests.topicId, recordId),
    eq(requests.receiverType, 'community'),
    inArray(requests.status, [...OPEN_STATUSES]),
  );

/** The open inclusion request of a record to a community (other than `except`), if any. */
export async function openInclusionOf(
  db: Database,
  recordId: string,
  communityId: string,
  except?: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        openInclusions(recordId),
        eq(requests.receiverId, communityId),
        except === undefined ? undefined : ne(requests.id, except),
      ),
    )
    .limit(1);
  return row?.id;
}

/** A record's open inclusion requests, read (and locked) on `tx`. */
export async function openInclusionRows(tx: Database, recordId: string): Promise<RequestRow[]> {
  return tx.select().from(requests).where(openInclusions(recordId)).for('update');
}

/** The communities a record has open inclusion requests to. */
export async function openInclusionsOf(db: Database, recordId: string): Promise<string[]> {
  const rows = await db
    .select({ community: requests.receiverId })
    .from(requests)
    .where(openInclusions(recordId));
  return rows.map((row) => row.community).filter((id): id is string => id !== null);
}

/**
 * A published record that a community is asked to include (rdm-records
 * `requests/community_inclusion.py`): its curators accept (the community is
 * added to the record's parent) or decline; its creator may cancel while it
 * is open; open requests expire. Modelled on the community submission.
 */
export function communityInclusionType(db: Database): RequestType {
  return {
    id: COMMUNITY_INCLUSION,
    expires: true,
    actions: COMMUNITY_REVIEW_ACTIONS,
    effects: {
      // Under the parent's lock: of requests made at once, one is submitted, the others refused.
      submit: ({ request, apply }) =>
        db.transaction(async (tx) => {
          const held = await holdRecord(tx, request.topicId ?? '');
          if (!held) throw notFound();
          const communityId = request.receiverId ?? '';
          // Held until commit: a deletion cancels this request, or has happened and refuses it.
          await holdLiveCommunity(tx, communityId);
          if ((held.communities.ids ?? []).includes(communityId)) {
            throw new DomainError('invalid', 'inclusionAlreadyIncluded');
          }
          if (await openInclusionOf(tx, held.recordId, communityId, request.id)) {
            throw new DomainError('invalid', 'inclusionAlreadyRequested');
          }
          await apply(tx);
        }),
      // One transaction: the community joins the record together with the status change.
      accept: ({ request, apply }) =>
        db.transaction(async (tx) => {
          const held = await holdRecord(tx, request.topicId ?? '');
          const communityId = request.receiverId ?? '';
          const [community] = await tx
            .select({ visibility: communities.visibility })
            .from(communities)
            .where(eq(communities.id, communityId));
          if (!held) throw notFound();
          if (!community) throw new DomainError('invalid', 'inclusionCommunityNotFound');
          // The record may have been made public since the request was made.
          if (community.visibility === 'restricted' && held.accessRecord === 'public') {
            throw new DomainError('invalid', 'inclusionPublicRecord');
          }
          await joinCommunity(tx, held, communityId, apply);
        }),
    },
  };
}
