import { Badge, Button, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../api/auth.ts';
import {
  COMMUNITY_ROLES,
  useInvitations,
  useMemberActions,
  useMembers,
  type MemberJson,
} from '../../api/community-admin.ts';
import { useEmailInvitations } from '../../api/community-membership.ts';
import { Section } from '../../records/Section.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { ScrollTable } from '../../ui/ScrollTable.tsx';
import { displayName } from '../../ui/UserMenu.tsx';
import { useCommunityOfPage } from '../community-context.ts';
import { EmailInvitations } from './EmailInvitations.tsx';
import { InviteModal } from './InviteModal.tsx';

/** `/communities/{slug}/members`: who belongs, with what role; managers invite and change. */
export function MembersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const community = useCommunityOfPage();
  const can = community.ui?.permissions ?? {};
  const manage = can.can_manage_members === true;
  const owner = community.ui?.role === 'owner';
  const me = useCurrentUser().data?.id;
  const members = useMembers(community, can.can_read_members === true);
  const invitations = useInvitations(community, manage);
  const mailed = useEmailInvitations(community, manage);
  const actions = useMemberActions(community);
  const [inviting, setInviting] = useState(false);
  if (!can.can_read_members) return <Text>{t('communities.members.notAllowed')}</Text>;
  if (members.isPending) return <PageLoader />;
  if (members.isError) return <ErrorAlert error={members.error} />;

  const rows = members.data.hits.hits;
  // Owners are changed by owners only (the server refuses the others).
  const mayChange = (member: MemberJson) => manage && (owner || member.role !== 'owner');
  const roles = COMMUNITY_ROLES.filter((r) => owner || r !== 'owner');
  const excluded = new Set([
    ...rows.map((m) => m.id),
    ...(invitations.data?.hits.hits ?? []).map((i) => i.user.id),
  ]);
  const error = actions.changeRole.error ?? actions.remove.error ?? actions.cancelInvitation.error;
  const leave = (id: string) =>
    actions.remove.mutate(id, { onSuccess: () => void navigate(`/communities/${community.slug}`) });

  return (
    <Stack gap="xl" maw={900}>
      <Section title={t('communities.tabs.members')}>
        {manage && (
          <Group>
            <Button onClick={() => setInviting(true)}>{t('communities.members.invite')}</Button>
          </Group>
        )}
        {error && <ErrorAlert error={error} />}
        <ScrollTable minWidth={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('communities.members.name')}</Table.Th>
              <Table.Th>{t('communities.members.role')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('communities.members.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((member) => {
              const name = displayName(member.user);
              return (
                <Table.Tr key={member.id} data-testid="member-row">
                  <Table.Td>
                    {name}
                    {!member.visible && (
                      <Badge ml="xs" size="xs" color="gray" variant="outline">
                        {t('communities.members.hidden')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {mayChange(member) && member.id !== me ? (
                      <Select
                        aria-label={t('communities.members.roleOf', { name })}
                        value={member.role}
                        allowDeselect={false}
                        w={150}
                        onChange={(role) =>
                          role &&
                          actions.changeRole.mutate({
                            id: member.id,
                            role: role,
                          })
                        }
                        data={roles.map((r) => ({
                          value: r,
                          label: t(`dashboard.communities.roles.${r}`),
                        }))}
                      />
                    ) : (
                      <Badge variant="light">
                        {t(`dashboard.communities.roles.${member.role}`)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {member.id === me ? (
                      <Button size="xs" variant="default" onClick={() => leave(member.id)}>
                        {t('communities.members.leave')}
                      </Button>
                    ) : (
                      mayChange(member) && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={t('communities.members.removeName', { name })}
                          onClick={() => actions.remove.mutate(member.id)}
                        >
                          {t('communities.members.remove')}
                        </Button>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollTable>
      </Section>
      {manage && (
        <Section title={t('communities.members.invitations')}>
          <EmailInvitations community={community} />
          {invitations.data && invitations.data.hits.total === 0 ? (
            mailed.data?.hits.total === 0 && (
              <Text c="dimmed" size="sm">
                {t('communities.members.noInvitations')}
              </Text>
            )
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {(invitations.data?.hits.hits ?? []).map((invitation) => (
                <Group component="li" key={invitation.id} gap="sm" data-testid="invitation-row">
                  <Text>{displayName(invitation.user)}</Text>
                  <Badge variant="light">
                    {t(`dashboard.communities.roles.${invitation.role}`)}
                  </Badge>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => actions.cancelInvitation.mutate(invitation.id)}
                  >
                    {t('communities.members.withdraw')}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </Section>
      )}
      <InviteModal
        community={community}
        opened={inviting}
        excluded={excluded}
        onClose={() => setInviting(false)}
      />
    </Stack>
  );
}
