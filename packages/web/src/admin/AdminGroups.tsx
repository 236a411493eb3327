import 'virtual:english/admin';
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, useAdminMutation, useGroupMembers, useGroups } from '../api/admin.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { ScrollTable } from '../ui/ScrollTable.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { displayName } from '../ui/UserMenu.tsx';
import { GroupActions } from './GroupActions.tsx';
import { UserPicker } from './UserPicker.tsx';

/** `/admin/groups`: create, rename and delete groups, and manage their members. */
export function AdminGroups() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.groups.title'));
  const groups = useGroups('');
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('');
  const create = useAdminMutation((input: string) => adminApi.createGroup(input, ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim(), { onSuccess: () => setName('') });
  };

  return (
    <Stack>
      <Title order={2}>{t('admin.groups.title')}</Title>
      <form onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            label={t('admin.groups.name')}
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button type="submit" loading={create.isPending}>
            {t('admin.groups.create')}
          </Button>
        </Group>
      </form>
      {create.error && <ErrorAlert error={create.error} />}
      {groups.isPending ? (
        <PageLoader />
      ) : groups.isError ? (
        <ErrorAlert error={groups.error} />
      ) : (
        <ScrollTable minWidth={480} striped aria-label={t('admin.groups.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.groups.name')}</Table.Th>
              <Table.Th>{t('admin.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.data.hits.hits.map((group) => (
              <Table.Tr key={group.id}>
                <Table.Td>{group.title}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      aria-pressed={selected === group.id}
                      onClick={() => setSelected(group.id)}
                    >
                      {t('admin.groups.members')}
                    </Button>
                    <GroupActions
                      group={group}
                      onDeleted={() =>
                        setSelected((current) => (current === group.id ? null : current))
                      }
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      {selected && <Members group={selected} />}
    </Stack>
  );
}

function Members({ group }: { group: string }) {
  const { t } = useTranslation();
  const members = useGroupMembers(group);
  const [user, setUser] = useState<string | null>(null);
  const add = useAdminMutation((id: string) => adminApi.addMember(group, id));
  const remove = useAdminMutation((id: string) => adminApi.removeMember(group, id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (user !== null) add.mutate(user, { onSuccess: () => setUser(null) });
  };
  return (
    <Stack>
      <Title order={3}>{t('admin.groups.membersOf', { group })}</Title>
      <form onSubmit={submit}>
        <Group align="flex-end">
          <UserPicker label={t('admin.groups.user')} value={user} onChange={setUser} />
          <Button type="submit" loading={add.isPending} disabled={user === null}>
            {t('admin.groups.add')}
          </Button>
        </Group>
      </form>
      {(add.error ?? remove.error) && <ErrorAlert error={add.error ?? remove.error} />}
      {members.isPending ? (
        <PageLoader />
      ) : members.isError ? (
        <ErrorAlert error={members.error} />
      ) : members.data.hits.total === 0 ? (
        <Text c="dimmed">{t('admin.groups.noMembers')}</Text>
      ) : (
        <Stack gap="xs">
          {members.data.hits.hits.map((member) => (
            <Group key={member.id} justify="space-between">
              <Text>
                {displayName(member)} ({member.id})
              </Text>
              <Button
                size="xs"
                variant="default"
                color="red"
                onClick={() => remove.mutate(member.id)}
              >
                {t('admin.groups.remove')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
