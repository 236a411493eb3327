import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { drafts, parents } from '../../db/schema.ts';
import {
  SystemProcess,
  RequestCreator,
  RequestReceiver,
} from '../../permissions/requests.policy.ts';
import type { RecordService } from '../records/records.service.ts';
import type { RequestType } from '../requests/types.ts';
import { systemActor } from '../requests/requests.service.ts';

export const COMMUNITY_SUBMISSION = 'community-submission';

/** Adds a community to a parent's communities; the first one becomes the default. */
async function includeInCommunity(tx: Database, draftId: string, communityId: string) {
  const [parent] = await tx
    .select({ id: parents.id, communities: parents.communities })
    .from(parents)
    .innerJoin(drafts, eq(drafts.parentId, parents.id))
    .where(eq(drafts.id, draftId));
  if (!parent) return;
  const current = parent.communities as { ids?: string[]; default?: string };
  const ids = [...new Set([...(current.ids ?? []), communityId])];
  await tx
    .update(parents)
    .set({ communities: { ids, default: current.default ?? communityId }, updatedAt: new Date() })
    .where(eq(parents.id, parent.id));
}

/**
 * A draft submitted to a community (API.md §4.2): its curators accept (the
 * draft is published into the community in one transaction) or decline; the
 * uploader may cancel while it is open; open submissions expire.
 */
export function communitySubmissionType(records: () => RecordService): RequestType {
  return {
    id: COMMUNITY_SUBMISSION,
    expires: true,
    actions: {
      submit: { from: ['created'], to: 'submitted', who: [RequestCreator] },
      accept: { from: ['submitted'], to: 'accepted', who: [RequestReceiver, SystemProcess] },
      decline: { from: ['submitted'], to: 'declined', who: [RequestReceiver] },
      cancel: { from: ['submitted'], to: 'cancelled', who: [RequestCreator] },
      expire: { from: ['submitted'], to: 'expired', who: [SystemProcess] },
    },
    effects: {
      // Under the draft's lock, which publish and discard take to check for an open review.
      submit: ({ request, apply }) => records().withDraftLocked(request.topicId!, apply),
      accept: async ({ request, apply }) => {
        const draftId = request.topicId!;
        const communityId = request.receiverId!;
        // The curator's right to accept was checked by the request rule; publishing acts as the system.
        await records().publish(systemActor, draftId, {
          viaReview: async (tx) => {
            await includeInCommunity(tx, draftId, communityId);
            await apply(tx);
          },
        });
      },
    },
  };
}
