import type { RecordJson } from '@arca/schema';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../api/config.ts';
import { useDeleteRecord, useRequestDeletion, type DeletionInput } from '../api/deletion.ts';
import { useVocabulary } from '../api/vocabularies.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { notify } from '../ui/notify.tsx';
import { permissionsOf } from './RecordActions.tsx';

const DAY_MS = 86_400_000;

/** Whether the owner's deletion is immediate: within the window after the first publication. */
function withinWindow(record: Pick<RecordJson, 'ui'>, days: number | undefined): boolean {
  const published = (record.ui as { published_at?: string } | undefined)?.published_at;
  if (!published || days === undefined) return false;
  return Date.now() - Date.parse(published) <= days * DAY_MS;
}

/** The owner's "Request deletion" and the administrators' "Delete record", each with its dialog. */
export function DeletionActions({ record }: { record: RecordJson }) {
  const can = permissionsOf(record);
  if (record.is_draft || !record.is_published) return null;
  return (
    <>
      {can.can_request_deletion && <DeletionDialog record={record} admin={false} />}
      {can.can_delete && <DeletionDialog record={record} admin />}
    </>
  );
}

/** Also the admin records table's "Delete" (admin: true). */
export function DeletionDialog(props: { record: Pick<RecordJson, 'id' | 'ui'>; admin: boolean }) {
  const { record, admin } = props;
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const { data: config } = useSiteConfig();
  const reasons = useVocabulary('removalreasons');
  const requestDeletion = useRequestDeletion(record);
  const deleteRecord = useDeleteRecord(record);
  const mutation = admin ? deleteRecord : requestDeletion;
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [citation, setCitation] = useState('');
  const [visible, setVisible] = useState(true);
  const [allVersions, setAllVersions] = useState(false);
  const days = config?.deletion_window_days;
  const immediate = admin || withinWindow(record, days);

  const submit = () => {
    if (!reason) return;
    const input: DeletionInput = { removal_reason: { id: reason }, note };
    if (admin) {
      Object.assign(input, { is_visible: visible, all_versions: allVersions });
      if (citation.trim()) input.citation_text = citation.trim();
      deleteRecord.mutate(input, { onSuccess: close });
      return;
    }
    requestDeletion.mutate(input, {
      onSuccess: (outcome) => {
        close();
        if (!outcome.deleted) void notify({ message: t('records.deletion.requested') });
      },
    });
  };

  const label = admin ? t('records.deletion.delete') : t('records.deletion.request');
  return (
    <>
      <Button variant="default" color="red" onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={label}>
        <Stack>
          {mutation.error && <ErrorAlert error={mutation.error} />}
          {!admin && (
            <Alert color={immediate ? 'red' : 'blue'}>
              {immediate
                ? t('records.deletion.immediate', { days })
                : t('records.deletion.asRequest', { days })}
            </Alert>
          )}
          <Select
            label={t('records.deletion.reason')}
            required
            data={(reasons.data ?? []).map((entry) => ({
              value: entry.id,
              label: entry.title_l10n,
            }))}
            value={reason}
            onChange={setReason}
          />
          <Textarea
            label={t('records.deletion.note')}
            value={note}
            maxLength={1000}
            rows={3}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {admin && (
            <>
              <Textarea
                label={t('records.deletion.citation')}
                value={citation}
                rows={3}
                onChange={(event) => setCitation(event.currentTarget.value)}
              />
              <Checkbox
                label={t('records.deletion.visible')}
                checked={visible}
                onChange={(event) => setVisible(event.currentTarget.checked)}
              />
              <Checkbox
                label={t('records.deletion.allVersions')}
                checked={allVersions}
                onChange={(event) => setAllVersions(event.currentTarget.checked)}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('records.deletion.cancel')}
            </Button>
            <Button color="red" disabled={!reason} loading={mutation.isPending} onClick={submit}>
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
