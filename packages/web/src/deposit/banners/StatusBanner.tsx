import type { RecordStatus } from '@arca/schema';
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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

/** What the draft's status means for the person (SPEC §4, banner by status). */
export function StatusBanner() {
  const { t } = useTranslation();
  const { draft } = useDeposit();
  const status: RecordStatus = draft?.status ?? 'draft';
  const review = draft?.parent.review ?? draft?.review;
  return (
    <Alert color={COLORS[status]} variant="light" title={t(`deposit.status.${status}.title`)}>
      {t(`deposit.status.${status}.text`)}
      {status === 'in_review' && review && (
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
