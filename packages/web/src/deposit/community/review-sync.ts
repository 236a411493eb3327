import type { RecordInput, RecordJson } from '@arca/schema';
import { deleteReview, putReview, reviewBody } from '../../api/communities.ts';
import { readDraft } from '../../api/drafts.ts';
import { reviewChange } from './review-rules.ts';

/** Where the draft's review should point: read at save time. */
export interface ReviewTarget {
  chosenId: () => string | undefined;
}

/**
 * A new draft carries its review in `parent.review`: a community with its own
 * upload form accepts first submissions only this way (API.md §4.2).
 */
export function withReview(payload: RecordInput, target: ReviewTarget | undefined): RecordInput {
  const communityId = target?.chosenId();
  if (!communityId) return payload;
  const body: RecordInput & { parent: { review: ReturnType<typeof reviewBody> } } = {
    ...payload,
    parent: { review: reviewBody(communityId) },
  };
  return body;
}

/**
 * After a save: PUT or DELETE the review so it matches the chosen community,
 * then reread the draft (its status and links changed). Unchanged: the saved draft.
 */
export async function syncReview(saved: RecordJson, target: ReviewTarget): Promise<RecordJson> {
  const change = reviewChange(saved, target.chosenId());
  switch (change.kind) {
    case 'none':
      return saved;
    case 'put':
      await putReview(saved, change.communityId);
      break;
    case 'delete':
      await deleteReview(saved);
      break;
  }
  return readDraft(saved.id);
}
