import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CommunityJson } from '../api/communities.ts';
import { useJoinCommunity } from '../api/community-membership.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { brandColorOf } from './theme.ts';

/** Join a community open to members: one becomes a reader at once. */
export function JoinButton({ community }: { community: CommunityJson }) {
  const { t } = useTranslation();
  const join = useJoinCommunity(community);
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        color={brandColorOf(community)}
        autoContrast
        loading={join.isPending}
        onClick={() => join.mutate()}
      >
        {t('communities.join')}
      </Button>
      {join.error && <ErrorAlert error={join.error} />}
    </Stack>
  );
}
