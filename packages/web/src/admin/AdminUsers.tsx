import 'virtual:english/admin';
import type { UserItem } from '@arca/schema';
import { Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, useAdminMutation, useAdminUsers } from '../api/admin.ts';
import { QueryBox } from '../search/QueryBox.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { ScrollTable } from '../ui/ScrollTable.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { displayName } from '../ui/UserMenu.tsx';
import { AdminPager } from './AdminPager.tsx';
import { UserQuotaButton } from './UserQuota.tsx';

/** `/admin/users`: find accounts; confirm an address, block or unblock, grant or take admin. */
export function AdminUsers() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.users.title'));
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const users = useAdminUsers(q, page);
  const update = useAdminMutation((input: { id: string; changes: Record<string, unknown> }) =>
    adminApi.updateUser(input.id, input.changes),
  );

  return (
    <Stack>
      <Title order={2}>{t('admin.users.title')}</Title>
      <QueryBox
        value={q}
        label={t('admin.users.search')}
        submitLabel={t('search.submit')}
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      {update.error && <ErrorAlert error={update.error} />}
      {users.isPending ? (
        <PageLoader />
      ) : users.isError ? (
        <ErrorAlert error={users.error} />
      ) : (
        <>
          <ScrollTable minWidth={760} striped aria-label={t('admin.users.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.users.name')}</Table.Th>
                <Table.Th>{t('admin.users.email')}</Table.Th>
                <Table.Th>{t('admin.users.state')}</Table.Th>
                <Table.Th>{t('admin.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.hits.hits.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  busy={update.isPending}
                  onChange={(changes) => update.mutate({ id: user.id, changes })}
                />
              ))}
            </Table.Tbody>
          </ScrollTable>
          <AdminPager total={users.data.hits.total} page={page} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}

function UserRow(props: {
  user: UserItem;
  busy: boolean;
  onChange: (changes: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const { user, busy, onChange } = props;
  const name = displayName(user);
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {user.is_admin && <Badge>{t('admin.users.admin')}</Badge>}
          {user.active === false && <Badge color="red">{t('admin.users.blocked')}</Badge>}
          {user.email_verified === false && (
            <Badge color="gray">{t('admin.users.unverified')}</Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {user.email_verified === false && (
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              onClick={() => onChange({ email_verified: true })}
            >
              {t('admin.users.verify')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            color={user.active === false ? undefined : 'red'}
            disabled={busy || user.is_current_user}
            aria-label={`${user.active === false ? t('admin.users.unblock') : t('admin.users.block')}: ${name}`}
            onClick={() => onChange({ active: user.active === false })}
          >
            {user.active === false ? t('admin.users.unblock') : t('admin.users.block')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={busy || user.is_current_user}
            onClick={() => onChange({ is_admin: !user.is_admin })}
          >
            {user.is_admin ? t('admin.users.revokeAdmin') : t('admin.users.makeAdmin')}
          </Button>
          <UserQuotaButton user={user} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
