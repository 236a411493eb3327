import 'virtual:english/requests';
import { GRANT_PERMISSIONS, type GrantPermission, type RecordJson } from '@arca/schema';
import { ActionIcon, Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Grant, type GrantKind, useDeleteGrant, useUpdateGrant } from '../api/sharing.ts';
import { PermissionSelect } from './PermissionSelect.tsx';
import { ShareError } from './ShareError.tsx';
import { useMinimumPending } from './useMinimumPending.ts';

/** The name a grant shows; a person whose profile is private to the caller is "Someone". */
export function subjectName(grant: Grant, someone: string): string {
  const subject = grant.expanded?.subject;
  const hiddenPerson = subject?.profile !== undefined && !subject.profile.full_name;
  return (
    subject?.profile?.full_name ||
    subject?.title ||
    subject?.name ||
    subject?.username ||
    (hiddenPerson ? someone : grant.subject.id)
  );
}

/** One person or group with access: avatar, name, affiliation, You badge, permission, delete. */
export function GrantRow({
  record,
  kind,
  grant,
  canManage,
}: {
  record: RecordJson;
  kind: GrantKind;
  grant: Grant;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateGrant(record, kind);
  const remove = useDeleteGrant(record, kind);
  const spinner = useMinimumPending(update.isPending);
  const subject = grant.expanded?.subject;
  const name = subjectName(grant, t('requests.someone'));
  return (
    <Table.Tr data-testid="grant-row">
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={subject?.links?.avatar} alt="" radius="xl" size="sm" />
          <Stack gap={0}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {name}
              </Text>
              {subject?.is_current_user && <Badge size="xs">{t('sharing.you')}</Badge>}
            </Group>
            {subject?.profile?.affiliations && (
              <Text size="xs" c="dimmed">
                {subject.profile.affiliations}
              </Text>
            )}
            {subject?.description && (
              <Text size="xs" c="dimmed">
                {subject.description}
              </Text>
            )}
          </Stack>
        </Group>
        <ShareError error={update.error ?? remove.error} />
      </Table.Td>
      <Table.Td>
        <PermissionSelect<GrantPermission>
          label={t('sharing.permissionOf', { name })}
          value={grant.permission}
          choices={GRANT_PERMISSIONS}
          busy={spinner.busy}
          disabled={!canManage}
          onChange={(permission) => {
            spinner.start();
            update.mutate({ subjectId: grant.subject.id, permission });
          }}
        />
      </Table.Td>
      <Table.Td>
        {canManage && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('sharing.remove', { name })}
            loading={remove.isPending}
            onClick={() => remove.mutate(grant.subject.id)}
          >
            ×
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
