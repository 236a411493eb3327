import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { linkPath } from '../../api/drafts.ts';
import { useDeposit } from '../deposit-context.ts';
import { CommunityLogo } from './CommunityLogo.tsx';
import { CurationPolicy } from './CurationPolicy.tsx';
import { canUpdateReview, mayManage, showsCommunitySelection } from './review-rules.ts';

// Loaded when first opened: the deposit page's initial JavaScript stays small.
const CommunitySelectionModal = lazy(() =>
  import('./CommunitySelectionModal.tsx').then((module) => ({
    default: module.CommunitySelectionModal,
  })),
);

/** SPEC §2: the chosen community (logo, title) with Change / Select a community / Remove. */
export function CommunityHeader() {
  const { t } = useTranslation();
  const { draft, community, actions } = useDeposit();
  const selectable = showsCommunitySelection(draft);
  const { chosen } = community;
  if (!selectable && !chosen) return null;
  // Choosing and removing change the review: only while it may be updated, by a manager.
  const changeable = selectable && canUpdateReview(draft) && mayManage(draft);
  const busy = actions.busy !== undefined;
  const cancelLink = draft?.links.actions?.cancel;

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {t('deposit.community.heading')}
        </Text>
        {chosen ? (
          <Group wrap="nowrap" gap="sm">
            <CommunityLogo community={chosen} size={48} />
            {chosen.links.self_html ? (
              <Anchor href={linkPath(chosen.links.self_html)} fw={600} target="_blank">
                {chosen.metadata.title}
              </Anchor>
            ) : (
              <Text fw={600}>{chosen.metadata.title}</Text>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {community.loading ? t('deposit.community.loading') : t('deposit.community.none')}
          </Text>
        )}
        {chosen?.metadata.curation_policy && (
          <CurationPolicy html={chosen.metadata.curation_policy} />
        )}
        {changeable && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() => community.setPickerOpen(true)}
              disabled={busy}
            >
              {chosen ? t('deposit.community.change') : t('deposit.community.selectCommunity')}
            </Button>
            {chosen && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={community.remove}
                disabled={busy}
              >
                {t('deposit.community.remove')}
              </Button>
            )}
          </Group>
        )}
        {cancelLink && (
          <Button
            size="xs"
            variant="light"
            color="orange"
            onClick={() => void actions.cancelOpenReview()}
            loading={actions.busy === 'cancelReview'}
            disabled={busy}
          >
            {t('deposit.review.cancel')}
          </Button>
        )}
      </Stack>
      {community.pickerOpen && (
        <Suspense fallback={null}>
          <CommunitySelectionModal
            opened
            onClose={() => community.setPickerOpen(false)}
            onSelect={community.choose}
            currentId={chosen?.id}
          />
        </Suspense>
      )}
    </Card>
  );
}
