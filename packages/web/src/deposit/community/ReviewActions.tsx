import { Button, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOpenDialog } from '../actions/ActionDialogs.tsx';
import { useDeposit } from '../deposit-context.ts';
import { canSubmitReview, mayManage, offersChangeCommunity, submitHint } from './review-rules.ts';

/**
 * With a community chosen, Publish gives way to Submit for review (or Publish
 * to community, or Change community after a decline) and Publish without
 * community (SPEC §2, §4; API.md §8).
 */
export function ReviewActions({ blockedByFiles }: { blockedByFiles: boolean }) {
  const { t } = useTranslation();
  const { draft, community, actions } = useDeposit();
  const open = useOpenDialog();
  const chosen = community.chosen;
  if (!chosen) return null;
  const busy = actions.busy !== undefined;
  const direct = chosen.ui?.permissions?.can_include_directly === true;
  const manage = mayManage(draft);
  const submitDisabled = !canSubmitReview(draft) || blockedByFiles || !manage;
  const inReview = draft?.status === 'in_review';
  const hintKey = submitHint(draft, { blockedByFiles, direct });
  const hint = hintKey && t(hintKey);

  return (
    <>
      {offersChangeCommunity(draft) ? (
        <Button onClick={() => community.setPickerOpen(true)} disabled={busy || !manage}>
          {t('deposit.review.changeCommunity')}
        </Button>
      ) : (
        <Tooltip label={hint} disabled={!hint}>
          <Button
            onClick={() => open('submit')}
            loading={actions.busy === 'submit'}
            disabled={busy || submitDisabled}
            data-disabled={submitDisabled || undefined}
          >
            {t(direct ? 'deposit.review.direct' : 'deposit.review.submit')}
          </Button>
        </Tooltip>
      )}
      {!inReview && (
        <Button
          variant="light"
          color="green"
          onClick={() => open('publishWithoutCommunity')}
          loading={actions.busy === 'publish'}
          disabled={busy || blockedByFiles || !manage}
        >
          {t('deposit.review.publishWithout')}
        </Button>
      )}
    </>
  );
}
