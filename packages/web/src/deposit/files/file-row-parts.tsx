import { Button, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftFile } from './files-api.ts';
import type { FileUploads, Transfer } from './useFileUploads.ts';

// The pieces of a file's row, shared by the table of a few files and the long list.

/** Uploaded, unfinished, or interrupted (a multipart upload to resume). */
export function EntryStatus({ entry }: { entry: DraftFile }) {
  const { t } = useTranslation();
  return entry.status === 'completed'
    ? t('deposit.files.status.completed')
    : entry.transfer.type === 'M'
      ? t('deposit.files.status.interrupted')
      : t('deposit.files.status.pending');
}

export function RemoveButton({ entry, files }: { entry: DraftFile; files: FileUploads }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      aria-label={t('deposit.files.removeFile', { name: entry.key })}
      onClick={() => void files.remove(entry)}
    >
      {t('deposit.files.remove')}
    </Button>
  );
}

/** The progress bar of a transfer, or why it failed. */
export function TransferProgress({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  const percent = transfer.size > 0 ? Math.round((transfer.uploaded / transfer.size) * 100) : 0;
  return transfer.failed ? (
    <Text size="sm" c="red">
      {transfer.error && transfer.error !== 'failed'
        ? transfer.error
        : t('deposit.files.uploadFailed')}
    </Text>
  ) : (
    <Progress
      value={percent}
      aria-label={t('deposit.files.progressOf', { name: transfer.name })}
      aria-valuenow={percent}
    />
  );
}

/** Retry (after a failure) and Cancel. */
export function TransferActions({ transfer, files }: { transfer: Transfer; files: FileUploads }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {transfer.failed && (
        <Button variant="subtle" size="xs" onClick={() => void files.retry(transfer.id)}>
          {t('deposit.files.retry')}
        </Button>
      )}
      <Button
        variant="subtle"
        color="red"
        size="xs"
        aria-label={t('deposit.files.cancelFile', { name: transfer.name })}
        onClick={() => void files.cancel(transfer.id)}
      >
        {t('deposit.files.cancel')}
      </Button>
    </Group>
  );
}
