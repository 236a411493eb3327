import { Button, Group, Tooltip } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ReviewActions } from '../community/ReviewActions.tsx';
import { showsCommunitySelection } from '../community/review-rules.ts';
import { useDeposit } from '../deposit-context.ts';
import type { DepositFormValues } from '../form-values.ts';
import { useOpenDialog } from './ActionDialogs.tsx';
import { publishBlockedByFiles } from './publish-rules.ts';

/** Saves, then opens the draft's preview. */
export function PreviewButton() {
  const { t } = useTranslation();
  const { actions } = useDeposit();
  return (
    <Button
      variant="default"
      onClick={() => void actions.preview()}
      loading={actions.busy === 'preview'}
      disabled={actions.busy !== undefined}
    >
      {t('deposit.actions.preview')}
    </Button>
  );
}

/**
 * Save draft, Preview and Publish (or the review's Submit) in the actions
 * card on wide screens; on phones Save draft and Publish in the bar at the
 * bottom of the screen (`inline`), Preview staying in the card.
 */
export function PrimaryActions({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const { draft, actions, community, uploading } = useDeposit();
  const filesEnabled = useWatch<DepositFormValues, 'files.enabled'>({ name: 'files.enabled' });
  const open = useOpenDialog();
  const busy = actions.busy !== undefined;
  const blocked = publishBlockedByFiles(draft, filesEnabled, uploading);

  const save = (
    <Button
      variant="default"
      onClick={() => void actions.save()}
      loading={actions.busy === 'save'}
      disabled={busy}
    >
      {t('deposit.actions.save')}
    </Button>
  );
  const publish =
    community.chosen && showsCommunitySelection(draft) ? (
      <ReviewActions blockedByFiles={blocked !== undefined} />
    ) : (
      <Tooltip
        label={
          blocked === 'unfinished'
            ? t('deposit.actions.publishWaitsForUploads')
            : t('deposit.actions.publishNeedsFiles')
        }
        disabled={!blocked}
      >
        <Button
          color="green"
          onClick={() => open('publish')}
          loading={actions.busy === 'publish'}
          disabled={busy || blocked !== undefined}
          data-disabled={blocked !== undefined || undefined}
        >
          {t('deposit.actions.publish')}
        </Button>
      </Tooltip>
    );

  return (
    <>
      {inline ? (
        // Natural widths, wrapping: with a community the bar holds three buttons.
        <Group gap="xs" wrap="wrap">
          {save}
          {publish}
        </Group>
      ) : (
        <>
          <Group grow gap="xs">
            {save}
            <PreviewButton />
          </Group>
          {publish}
        </>
      )}
    </>
  );
}
