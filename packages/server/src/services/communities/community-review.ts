import type { Database } from '../../db/client.ts';
import {
  RequestCreator,
  RequestReceiver,
  SystemProcess,
} from '../../permissions/requests.policy.ts';
import type { RequestType } from '../requests/types.ts';
import { addCommunity, type ParentOfRecord } from './parent-communities.ts';

/**
 * What a community is asked to take a record into allows, for a draft's
 * submission and a published record's inclusion alike (rdm-records
 * `CommunitySubmission` and `CommunityInclusion`): its curators accept or
 * decline, its creator may cancel while it is open, open requests expire.
 */
export const COMMUNITY_REVIEW_ACTIONS: RequestType['actions'] = {
  submit: { from: ['created'], to: 'submitted', who: [RequestCreator] },
  accept: { from: ['submitted'], to: 'accepted', who: [RequestReceiver, SystemProcess] },
  decline: { from: ['submitted'], to: 'declined', who: [RequestReceiver] },
  // The system cancels it when its record is deleted (invenio-requests: `can_action_cancel`).
  cancel: { from: ['submitted'], to: 'cancelled', who: [RequestCreator, SystemProcess] },
  expire: { from: ['submitted'], to: 'expired', who: [SystemProcess] },
};

/**
 * The accept step both share, in the caller's transaction: the community joins
 * the parent's communities (the first becomes the default; one already there
 * stays as it is), then the request's status change is applied.
 */
export async function joinCommunity(
  tx: Database,
  parent: ParentOfRecord,
  communityId: string,
  apply: (tx: Database) => Promise<void>,
): Promise<void> {
  if (!(parent.communities.ids ?? []).includes(communityId)) {
    await addCommunity(tx, parent, communityId);
  }
  await apply(tx);
}
