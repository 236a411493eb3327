import { Button, Card, Group, Stack, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDeposit } from '../deposit-context.ts';
import type { DepositFormValues } from '../form-values.ts';
import { ShareButton } from '../../sharing/ShareButton.tsx';
import { ReviewActions } from '../community/ReviewActions.tsx';
import { showsCommunitySelection } from '../community/review-rules.ts';
import { DeleteModal } from './DeleteModal.tsx';
import { PublishModal } from './PublishModal.tsx';
import { deleteKind, publishBlockedByFiles } from './publish-rules.ts';

/** Save draft, Preview, Publish, Delete / Discard, New version (SPEC §2, §5). */
export function ActionsCard() {
  const { t } = useTranslation();
  const { draft, actions, community } = useDeposit();
  const filesEnabled = useWatch<DepositFormValues, 'files.enabled'>({ name: 'files.enabled' });
  const [modal, setModal] = useState<'publish' | 'delete'>();
  const busy = actions.busy !== undefined;
  const published = draft?.is_published ?? false;
  const publishDisabled = publishBlockedByFiles(draft, filesEnabled);
  const canNewVersion = draft?.ui?.permissions
    ? (draft.ui.permissions as Record<string, boolean>).can_new_version === true
    : false;
  const kind = deleteKind(draft);

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group grow>
          <Button
            variant="default"
            onClick={() => void actions.save()}
            loading={actions.busy === 'save'}
            disabled={busy}
          >
            {t('deposit.actions.save')}
          </Button>
          <Button
            variant="default"
            onClick={() => void actions.preview()}
            loading={actions.busy === 'preview'}
            disabled={busy}
          >
            {t('deposit.actions.preview')}
          </Button>
        </Group>
        {community.chosen && showsCommunitySelection(draft) ? (
          <ReviewActions blockedByFiles={publishDisabled} />
        ) : (
          <Tooltip label={t('deposit.actions.publishNeedsFiles')} disabled={!publishDisabled}>
            <Button
              color="green"
              onClick={() => setModal('publish')}
              loading={actions.busy === 'publish'}
              disabled={busy || publishDisabled}
              data-disabled={publishDisabled || undefined}
            >
              {t('deposit.actions.publish')}
            </Button>
          </Tooltip>
        )}
        <Button
          color="red"
          variant="light"
          onClick={() => setModal('delete')}
          loading={actions.busy === 'delete'}
          disabled={busy}
        >
          {t(`deposit.actions.${kind}`)}
        </Button>
        {published && (
          <Tooltip label={t('deposit.actions.newVersionDenied')} disabled={canNewVersion}>
            <Button
              variant="light"
              onClick={() => void actions.newVersion()}
              loading={actions.busy === 'newVersion'}
              disabled={busy || !canNewVersion}
            >
              {t('deposit.actions.newVersion')}
            </Button>
          </Tooltip>
        )}
        {draft && <ShareButton record={draft} />}
      </Stack>
      <PublishModal
        opened={modal === 'publish'}
        onClose={() => setModal(undefined)}
        onConfirm={() => {
          setModal(undefined);
          void actions.publish();
        }}
        extraCheckboxes={[]}
      />
      <DeleteModal
        opened={modal === 'delete'}
        kind={kind}
        onClose={() => setModal(undefined)}
        onConfirm={() => {
          setModal(undefined);
          void actions.remove();
        }}
      />
    </Card>
  );
}
