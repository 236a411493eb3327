import type { RecordJson, RecordStatus } from '@arca/schema';
import { describe, expect, it } from 'vitest';
import {
  canDeleteReview,
  canSubmitReview,
  canUpdateReview,
  offersChangeCommunity,
  reviewChange,
  showsCommunitySelection,
  submitHint,
} from './review-rules.ts';

function draftIn(status: RecordStatus, community?: string): RecordJson {
  return {
    status,
    is_published: status === 'published',
    parent: {
      review: community ? { id: 'r1', receiver: { community }, status: 'created' } : undefined,
    },
  } as unknown as RecordJson;
}

describe('the review rules of SPEC §4', () => {
  it('updates a review in draft, draft_with_review, declined, expired only', () => {
    const yes: RecordStatus[] = ['draft', 'draft_with_review', 'declined', 'expired'];
    const no: RecordStatus[] = ['in_review', 'published', 'new_version_draft'];
    for (const status of yes) expect(canUpdateReview(draftIn(status))).toBe(true);
    for (const status of no) expect(canUpdateReview(draftIn(status))).toBe(false);
  });

  it('deletes a review in draft_with_review, declined, expired only', () => {
    expect(canDeleteReview(draftIn('draft'))).toBe(false);
    expect(canDeleteReview(draftIn('in_review'))).toBe(false);
    for (const status of ['draft_with_review', 'declined', 'expired'] as const) {
      expect(canDeleteReview(draftIn(status))).toBe(true);
    }
  });

  it('disallows submitting in published, in_review and new_version_draft', () => {
    expect(canSubmitReview(draftIn('draft'))).toBe(true);
    expect(canSubmitReview(undefined)).toBe(true);
    for (const status of ['published', 'in_review', 'new_version_draft'] as const) {
      expect(canSubmitReview(draftIn(status))).toBe(false);
    }
  });

  it('hides the selection for published records and new version drafts', () => {
    expect(showsCommunitySelection(undefined)).toBe(true);
    expect(showsCommunitySelection(draftIn('declined'))).toBe(true);
    expect(showsCommunitySelection(draftIn('published'))).toBe(false);
    expect(showsCommunitySelection(draftIn('new_version_draft'))).toBe(false);
  });

  it('offers Change community after a decline or an expiry', () => {
    expect(offersChangeCommunity(draftIn('declined'))).toBe(true);
    expect(offersChangeCommunity(draftIn('expired'))).toBe(true);
    expect(offersChangeCommunity(draftIn('draft_with_review'))).toBe(false);
  });

  it('puts, deletes or leaves the review so it matches the chosen community', () => {
    expect(reviewChange(draftIn('draft'), 'c1')).toEqual({ kind: 'put', communityId: 'c1' });
    expect(reviewChange(draftIn('draft_with_review', 'c1'), 'c1')).toEqual({ kind: 'none' });
    expect(reviewChange(draftIn('draft_with_review', 'c1'), 'c2')).toEqual({
      kind: 'put',
      communityId: 'c2',
    });
    expect(reviewChange(draftIn('draft_with_review', 'c1'), undefined)).toEqual({
      kind: 'delete',
    });
    expect(reviewChange(draftIn('in_review', 'c1'), undefined)).toEqual({ kind: 'none' });
    expect(reviewChange(draftIn('draft'), undefined)).toEqual({ kind: 'none' });
  });
});

describe('the tooltip of Submit for review / Publish to community', () => {
  const asCurator = (status: RecordStatus) =>
    ({ ...draftIn(status, 'c1'), ui: { permissions: { can_manage: false } } }) as RecordJson;

  it('explains the button a curator sees on a submission, in its own words', () => {
    const files = { blockedByFiles: false, direct: true };
    expect(submitHint(asCurator('in_review'), files)).toBe('deposit.review.inReviewHint');
    expect(submitHint(asCurator('draft_with_review'), files)).toBe(
      'deposit.review.needsManageDirect',
    );
    expect(submitHint(asCurator('draft_with_review'), { ...files, direct: false })).toBe(
      'deposit.review.needsManage',
    );
  });

  it('names missing files first, and says nothing when the button works', () => {
    const draft = draftIn('draft_with_review', 'c1');
    expect(submitHint(draft, { blockedByFiles: true, direct: false })).toBe(
      'deposit.actions.publishNeedsFiles',
    );
    expect(submitHint(draft, { blockedByFiles: false, direct: true })).toBeUndefined();
  });
});
