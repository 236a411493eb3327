import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CommunityJson } from '../../api/communities.ts';
import { useEmailInvitationActions, useEmailInvitations } from '../../api/community-membership.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';

/** The open invitations mailed to addresses, each withdrawn on its own. */
export function EmailInvitations({ community }: { community: CommunityJson }) {
  const { t } = useTranslation();
  const list = useEmailInvitations(community, true);
  const { cancel } = useEmailInvitationActions(community);
  const rows = list.data?.hits.hits ?? [];
  if (list.error) return <ErrorAlert error={list.error} />;
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs">
      {cancel.error && <ErrorAlert error={cancel.error} />}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((invitation) => (
          <Group component="li" key={invitation.id} gap="sm" data-testid="email-invitation-row">
            <Text style={{ overflowWrap: 'anywhere' }}>{invitation.email}</Text>
            <Badge variant="light">{t(`dashboard.communities.roles.${invitation.role}`)}</Badge>
            <Button
              size="xs"
              variant="subtle"
              aria-label={t('communities.members.withdrawFrom', { name: invitation.email })}
              onClick={() => cancel.mutate(invitation.id)}
            >
              {t('communities.members.withdraw')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
