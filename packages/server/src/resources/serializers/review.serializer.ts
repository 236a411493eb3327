import type { RecordStatus } from '@arca/schema';
import type { Links } from '../../http/links.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import {
  communityView,
  type CommunityRow,
} from '../../services/communities/communities.service.ts';
import { serializeCommunity } from './community.serializer.ts';
import type { RequestRow } from '../../services/requests/types.ts';

/** A first-version draft's status from its review (API.md §8); an unknown status is an error. */
export function reviewStatus(review: RequestRow | undefined): RecordStatus {
  if (!review) return 'draft';
  switch (review.status) {
    case 'created':
      return 'draft_with_review';
    case 'submitted':
      return 'in_review';
    case 'declined':
      return 'declined';
    case 'expired':
      return 'expired';
    case 'accepted':
      return 'published';
    default:
      throw new Error(`review ${review.id} has the unknown status ${review.status}`);
  }
}

/** `parent.review` of a draft (API.md §1.3). */
export function serializeReviewSummary(review: RequestRow, links: Links) {
  return {
    id: review.id,
    type: review.type,
    status: review.status,
    receiver: { [review.receiverType ?? 'community']: review.receiverId },
    topic: { [review.topicType ?? 'record']: review.topicId },
    created_by: { [review.creatorType]: review.creatorId },
    is_open: review.status === 'submitted',
    is_closed: ['accepted', 'declined', 'cancelled', 'expired'].includes(review.status),
    links: {
      self: links.api(`/requests/${review.id}`),
      self_html: links.html(`/me/requests/${review.id}`),
    },
  };
}

/** The receiving community in `expanded.parent.review.receiver`, as the community API shows it. */
export function expandCommunity(row: CommunityRow, actor: Actor, links: Links) {
  return serializeCommunity(communityView(actor, row), links);
}
