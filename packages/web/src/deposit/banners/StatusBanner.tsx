import type { RecordStatus } from '@arca/schema';
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { linksToReview, mayManage, reviewOf } from '../community/review-rules.ts';
import { useDeposit } from '../deposit-context.ts';

const COLORS: Record<RecordStatus, string> = {
  draft: 'gray',
  new_version_draft: 'gray',
  draft_with_review: 'gray',
  in_review: 'yellow',
  declined: 'red',
  expired: 'red',
  published: 'green',
};

// What a curator reviewing someone else's upload reads instead of "your upload".
const REVIEWER_STATUSES = ['in_review', 'declined', 'expired'] as const;
const reviewerStatus = (status: RecordStatus) =>
  REVIEWER_STATUSES.find((reviewed) => reviewed === status);

/** What the draft's status means for the person (SPEC §4, banner by status). */
export function StatusBanner() {
  const { t } = useTranslation();
  const { draft } = useDeposit();
  const status: RecordStatus = draft?.status ?? 'draft';
  const review = reviewOf(draft);
  // Whoever may not manage the record is not its uploader: a curator reviewing it.
  const reviewed = mayManage(draft) ? undefined : reviewerStatus(status);
  return (
    <Alert color={COLORS[status]} variant="light" title={t(`deposit.status.${status}.title`)}>
      {reviewed ? t(`deposit.status.reviewer.${reviewed}`) : t(`deposit.status.${status}.text`)}
      {review && linksToReview(draft) && (
        <Button
          component="a"
          href={`/me/requests/${review.id}`}
          target="_blank"
          rel="noopener"
          size="xs"
          mt="sm"
          display="block"
        >
          {t('deposit.status.viewRequest')}
        </Button>
      )}
    </Alert>
  );
}
