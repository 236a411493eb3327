import type { RecordJson } from '@arca/schema';
import { Avatar, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Grant, GrantKind } from '../api/sharing.ts';
import { AddGrantModal } from './AddGrantModal.tsx';
import { GrantRow } from './GrantRow.tsx';
import { ownerOf } from './owner.ts';
import { ShareError } from './ShareError.tsx';

function OwnerRow({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const owner = ownerOf(record);
  const name = owner?.profile.full_name || owner?.username || t('sharing.ownerUnknown');
  return (
    <Table.Tr data-testid="owner-row">
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={owner?.links.avatar} alt="" radius="xl" size="sm" />
          <Stack gap={0}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {name}
              </Text>
              {owner?.is_current_user && <Badge size="xs">{t('sharing.you')}</Badge>}
            </Group>
            {owner?.profile.affiliations && (
              <Text size="xs" c="dimmed">
                {owner.profile.affiliations}
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t('sharing.owner')}</Text>
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}

/** People or Groups: who has access, with the add-grant dialog (SPEC §2). */
export function GrantsTab({
  record,
  kind,
  grants,
  loading,
  error,
  canManage,
}: {
  record: RecordJson;
  kind: GrantKind;
  grants: Grant[];
  loading: boolean;
  error: unknown;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const excluded = new Set([
    ...grants.map((grant) => grant.subject.id),
    ...(kind === 'users' ? [record.parent.access.owned_by?.user ?? ''] : []),
  ]);
  return (
    <Stack gap="sm" pt="sm">
      {canManage && (
        <Group justify="flex-end">
          {/* Focused when the dialog opens and again when the add dialog over it closes. */}
          <Button size="xs" onClick={() => setAdding(true)} data-autofocus>
            {t(kind === 'users' ? 'sharing.addPeople' : 'sharing.addGroups')}
          </Button>
        </Group>
      )}
      <ShareError error={error} />
      {loading ? (
        <Loader size="sm" role="status" aria-label={t('sharing.loading')} />
      ) : (
        <Table>
          <Table.Tbody>
            {kind === 'users' && <OwnerRow record={record} />}
            {grants.map((grant) => (
              <GrantRow
                key={grant.id}
                record={record}
                kind={kind}
                grant={grant}
                canManage={canManage}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!loading && !error && grants.length === 0 && (
        <Text c="dimmed" size="sm">
          {t(kind === 'users' ? 'sharing.noUsers' : 'sharing.noGroups')}
        </Text>
      )}
      <AddGrantModal
        record={record}
        kind={kind}
        opened={adding}
        excluded={excluded}
        onClose={() => setAdding(false)}
      />
    </Stack>
  );
}
