import 'virtual:english/admin';
import { Button, Group as Row, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, type Group } from '../api/admin.ts';
import { groupApi } from '../api/admin-groups.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

/** Rename (its title; the name is its id and stays) and delete, each in a dialog. */
export function GroupActions({ group, onDeleted }: { group: Group; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [renaming, renameDialog] = useDisclosure(false);
  const [deleting, deleteDialog] = useDisclosure(false);
  const [title, setTitle] = useState(group.title);
  const rename = useAdminMutation((value: string) => groupApi.rename(group.id, value));
  const remove = useAdminMutation(() => groupApi.remove(group.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(title.trim(), { onSuccess: renameDialog.close });
  };

  return (
    <>
      <Button
        size="xs"
        variant="default"
        aria-label={t('admin.groups.renameOf', { group: group.title })}
        onClick={() => {
          setTitle(group.title);
          rename.reset();
          renameDialog.open();
        }}
      >
        {t('admin.groups.rename')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={t('admin.groups.deleteOf', { group: group.title })}
        onClick={() => {
          remove.reset();
          deleteDialog.open();
        }}
      >
        {t('admin.groups.delete')}
      </Button>
      <Modal opened={renaming} onClose={renameDialog.close} title={t('admin.groups.rename')}>
        <form onSubmit={submit}>
          <Stack>
            {rename.error && <ErrorAlert error={rename.error} />}
            <TextInput
              label={t('admin.groups.groupTitle')}
              required
              maxLength={255}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
            />
            <Row justify="flex-end">
              <Button variant="default" onClick={renameDialog.close}>
                {t('records.deletion.cancel')}
              </Button>
              <Button type="submit" loading={rename.isPending} disabled={title.trim() === ''}>
                {t('admin.quota.save')}
              </Button>
            </Row>
          </Stack>
        </form>
      </Modal>
      <Modal opened={deleting} onClose={deleteDialog.close} title={t('admin.groups.delete')}>
        <Stack>
          <Text size="sm">{t('admin.groups.deleteConfirm', { group: group.title })}</Text>
          {remove.error && <ErrorAlert error={remove.error} />}
          <Row justify="flex-end">
            <Button variant="default" onClick={deleteDialog.close}>
              {t('records.deletion.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    deleteDialog.close();
                    onDeleted();
                  },
                })
              }
            >
              {t('admin.groups.delete')}
            </Button>
          </Row>
        </Stack>
      </Modal>
    </>
  );
}
