import 'virtual:english/admin';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCommunityVisibility, useRestoreCommunity } from '../api/community-deletion.ts';
import type { CommunityJson } from '../api/communities.ts';
import { CommunityDeletionDialog } from '../communities/CommunityDeletionDialog.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

/**
 * One community of the administration's list, with what the server says the
 * administrator may do with it (`ui.permissions`): restrict or make public
 * (its update), delete, restore.
 */
export function AdminCommunityRow({ community }: { community: CommunityJson }) {
  const { t } = useTranslation();
  const visibility = useCommunityVisibility(community);
  const restore = useRestoreCommunity(community.id);
  const can = community.ui?.permissions ?? {};
  const title = community.metadata.title;
  const isDeleted = community.deletion_status?.is_deleted === true;
  const restricted = community.access.visibility === 'restricted';
  const next = restricted ? 'public' : 'restricted';
  const error = visibility.error ?? restore.error;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Anchor component={Link} to={`/communities/${community.slug}`}>
            {title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {community.slug}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge color={isDeleted ? 'red' : 'green'}>
            {isDeleted ? t('admin.communities.deleted') : t('admin.communities.active')}
          </Badge>
          {restricted && <Badge color="orange">{t('admin.communities.restricted')}</Badge>}
        </Group>
      </Table.Td>
      <Table.Td>{community.ui?.records_count ?? 0}</Table.Td>
      <Table.Td>{community.ui?.members_count ?? 0}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {can.can_update && (
            <Button
              size="xs"
              variant="default"
              loading={visibility.isPending}
              aria-label={`${t(`admin.communities.${restricted ? 'makePublic' : 'restrict'}`)}: ${title}`}
              onClick={() => visibility.mutate(next)}
            >
              {t(`admin.communities.${restricted ? 'makePublic' : 'restrict'}`)}
            </Button>
          )}
          {can.can_delete && <CommunityDeletionDialog community={community} admin compact />}
          {can.can_restore && (
            <Button
              size="xs"
              variant="default"
              loading={restore.isPending}
              aria-label={`${t('admin.communities.restore')}: ${title}`}
              onClick={() => restore.mutate()}
            >
              {t('admin.communities.restore')}
            </Button>
          )}
        </Group>
        {error && <ErrorAlert error={error} />}
      </Table.Td>
    </Table.Tr>
  );
}
