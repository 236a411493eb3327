import type { RecordService } from '../records/records.service.ts';
import type { RequestType } from '../requests/types.ts';
import { systemActor } from '../requests/requests.service.ts';
import { COMMUNITY_REVIEW_ACTIONS, joinCommunity } from './community-review.ts';
import { parentOfDraft } from './parent-communities.ts';
import { holdLiveCommunity } from './tombstone.ts';

export const COMMUNITY_SUBMISSION = 'community-submission';

/**
 * A draft submitted to a community (API.md §4.2): its curators accept (the
 * draft is published into the community in one transaction) or decline; the
 * uploader may cancel while it is open; open submissions expire.
 */
export function communitySubmissionType(records: () => RecordService): RequestType {
  return {
    id: COMMUNITY_SUBMISSION,
    expires: true,
    actions: COMMUNITY_REVIEW_ACTIONS,
    effects: {
      // Under the draft's lock, which publish and discard take to check for an open review,
      // and the community's share lock: a deletion cancels it or it is refused.
      submit: ({ request, apply }) =>
        records().withDraftLocked(request.topicId!, async (tx) => {
          await holdLiveCommunity(tx, request.receiverId ?? '');
          await apply(tx);
        }),
      accept: async ({ request, apply }) => {
        const draftId = request.topicId!;
        const communityId = request.receiverId!;
        // The curator's right to accept was checked by the request rule; publishing acts as the system.
        await records().publish(systemActor, draftId, {
          viaReview: async (tx) => {
            const parent = await parentOfDraft(tx, draftId);
            await (parent ? joinCommunity(tx, parent, communityId, apply) : apply(tx));
          },
        });
      },
    },
  };
}
