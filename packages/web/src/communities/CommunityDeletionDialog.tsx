import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCommunity } from '../api/community-deletion.ts';
import { useVocabulary } from '../api/vocabularies.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

/**
 * "Delete community" and its dialog: a reason from the removal reasons and a
 * note, which the community's tombstone shows. Administrators (`admin`) also
 * choose whether the tombstone shows to readers; owners' always does.
 */
export function CommunityDeletionDialog(props: {
  community: { id: string; metadata: { title: string } };
  admin: boolean;
  /** A short button (the administration's table), named after the community. */
  compact?: boolean;
}) {
  const { community, admin, compact = false } = props;
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const reasons = useVocabulary('removalreasons');
  const remove = useDeleteCommunity(community.id);
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [visible, setVisible] = useState(true);
  const label = t('communities.deletion.delete');

  const submit = () => {
    if (!reason) return;
    remove.mutate(
      { removal_reason: { id: reason }, note, ...(admin ? { is_visible: visible } : {}) },
      { onSuccess: close },
    );
  };

  return (
    <>
      <Button
        variant={compact ? 'default' : 'outline'}
        color="red"
        size={compact ? 'xs' : 'sm'}
        onClick={open}
        aria-label={compact ? `${label}: ${community.metadata.title}` : undefined}
      >
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={label}>
        <Stack>
          {remove.error && <ErrorAlert error={remove.error} />}
          <Alert color="red">{t('communities.deletion.explanation')}</Alert>
          <Select
            label={t('communities.deletion.reason')}
            required
            data={(reasons.data ?? []).map((entry) => ({
              value: entry.id,
              label: entry.title_l10n,
            }))}
            value={reason}
            onChange={setReason}
          />
          <Textarea
            label={t('communities.deletion.note')}
            value={note}
            maxLength={1000}
            rows={3}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {admin && (
            <Checkbox
              label={t('communities.deletion.visible')}
              checked={visible}
              onChange={(event) => setVisible(event.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('communities.deletion.cancel')}
            </Button>
            <Button color="red" disabled={!reason} loading={remove.isPending} onClick={submit}>
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
