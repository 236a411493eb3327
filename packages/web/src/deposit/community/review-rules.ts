import type { RecordJson, RecordStatus } from '@arca/schema';

// What the draft's status allows around its community review (SPEC §4, §5; API.md §8).

const statusOf = (draft: RecordJson | undefined): RecordStatus => draft?.status ?? 'draft';

/** The review a first version carries on its parent, a new version on itself. */
export function reviewOf(draft: RecordJson | undefined) {
  return draft?.parent.review ?? draft?.review ?? undefined;
}

/** The community the draft's review goes to, if any. */
export function reviewCommunityId(draft: RecordJson | undefined): string | undefined {
  return reviewOf(draft)?.receiver.community;
}

/** The community selection is shown unless published or a new version draft. */
export function showsCommunitySelection(draft: RecordJson | undefined): boolean {
  if (draft?.is_published) return false;
  const status = statusOf(draft);
  return status !== 'published' && status !== 'new_version_draft';
}

/** A review may be updated (PUT) in these statuses. */
export function canUpdateReview(draft: RecordJson | undefined): boolean {
  return ['draft', 'draft_with_review', 'declined', 'expired'].includes(statusOf(draft));
}

/** A review may be deleted in these statuses. */
export function canDeleteReview(draft: RecordJson | undefined): boolean {
  return ['draft_with_review', 'declined', 'expired'].includes(statusOf(draft));
}

/** Submit for review is disallowed in published, in_review, new_version_draft. */
export function canSubmitReview(draft: RecordJson | undefined): boolean {
  if (draft?.is_published) return false;
  return !['published', 'in_review', 'new_version_draft'].includes(statusOf(draft));
}

/** "Change community" after a decline or an expiry. */
export function offersChangeCommunity(draft: RecordJson | undefined): boolean {
  const status = statusOf(draft);
  return status === 'declined' || status === 'expired';
}

/** SPEC §5: submitting an existing record needs can_manage. */
export function mayManage(draft: RecordJson | undefined): boolean {
  if (!draft) return true;
  const permissions = draft.ui?.permissions as Record<string, boolean> | undefined;
  return permissions?.can_manage !== false;
}

/** Statuses whose review request the editor's banner links to (the decline's reason is there). */
export function linksToReview(draft: RecordJson | undefined): boolean {
  return ['in_review', 'declined', 'expired'].includes(statusOf(draft));
}

/**
 * Why Submit for review (or Publish to community) cannot be clicked, as the
 * key of its tooltip; undefined when it can, or when nothing needs saying.
 */
export function submitHint(
  draft: RecordJson | undefined,
  { blockedByFiles, direct }: { blockedByFiles: boolean; direct: boolean },
):
  | 'deposit.review.inReviewHint'
  | 'deposit.actions.publishNeedsFiles'
  | 'deposit.review.needsManageDirect'
  | 'deposit.review.needsManage'
  | undefined {
  if (statusOf(draft) === 'in_review') return 'deposit.review.inReviewHint';
  if (blockedByFiles) return 'deposit.actions.publishNeedsFiles';
  if (!mayManage(draft))
    return direct ? 'deposit.review.needsManageDirect' : 'deposit.review.needsManage';
  return undefined;
}

/** What a save has to do with the review so it matches the chosen community. */
export type ReviewChange =
  { kind: 'none' } | { kind: 'put'; communityId: string } | { kind: 'delete' };

export function reviewChange(
  saved: RecordJson,
  chosenCommunityId: string | undefined,
): ReviewChange {
  const current = reviewCommunityId(saved);
  if (chosenCommunityId === current) return { kind: 'none' };
  if (chosenCommunityId === undefined) {
    return canDeleteReview(saved) && current ? { kind: 'delete' } : { kind: 'none' };
  }
  return canUpdateReview(saved)
    ? { kind: 'put', communityId: chosenCommunityId }
    : { kind: 'none' };
}
