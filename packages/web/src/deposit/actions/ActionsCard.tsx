import { Box, Button, Card, Stack, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShareButton } from '../../sharing/ShareButton.tsx';
import { allows } from '../abilities.ts';
import { useDeposit } from '../deposit-context.ts';
import { useOpenDialog } from './ActionDialogs.tsx';
import { PreviewButton, PrimaryActions } from './PrimaryActions.tsx';
import { deleteKind } from './publish-rules.ts';

/**
 * Save draft, Preview, Publish, Delete / Discard, New version (SPEC §2, §5).
 * On phones Save draft and Publish live in the bar at the bottom (`ActionBar`).
 */
export function ActionsCard({ withPrimary }: { withPrimary: boolean }) {
  const { t } = useTranslation();
  const { draft, actions } = useDeposit();
  const open = useOpenDialog();
  const busy = actions.busy !== undefined;
  const published = draft?.is_published ?? false;
  const canNewVersion = draft?.ui?.permissions
    ? (draft.ui.permissions as Record<string, boolean>).can_new_version === true
    : false;
  const kind = deleteKind(draft);
  // A curator reviewing someone's upload may edit it, not delete it (SPEC §1, §6).
  const canDelete = allows(draft, 'can_delete_draft');
  return (
    <Card withBorder>
      <Stack gap="sm">
        {withPrimary ? <PrimaryActions /> : <PreviewButton />}
        {canDelete && (
          <Button
            color="red"
            variant="light"
            onClick={() => open('delete')}
            loading={actions.busy === 'delete'}
            disabled={busy}
          >
            {t(`deposit.actions.${kind}`)}
          </Button>
        )}
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
    </Card>
  );
}

/**
 * The phone's action bar: it sticks to the bottom of the screen while the
 * form scrolls and rests after the form at its end, so it never hides a field.
 */
export function ActionBar() {
  return (
    <Box
      data-testid="deposit-action-bar"
      pos="sticky"
      bottom={0}
      mt="md"
      p="xs"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 150, borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <PrimaryActions inline />
    </Box>
  );
}
