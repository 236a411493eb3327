import { Button, Group, Progress, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../i18n/format.ts';
import type { FileUploads } from './useFileUploads.ts';

/**
 * The draft's files and the transfers in flight, with progress, cancel and
 * remove. Its own chunk: a new upload has no files to list.
 */
export default function FileList({
  files,
  canRemove,
}: {
  files: FileUploads;
  /** False where the server keeps the files as they are (a published version's). */
  canRemove: boolean;
}) {
  const { t, i18n } = useTranslation();
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  return (
    <Table aria-label={t('deposit.files.listLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('deposit.files.name')}</Table.Th>
          <Table.Th>{t('deposit.files.size')}</Table.Th>
          <Table.Th>{t('deposit.files.progress')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('deposit.files.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {files.entries
          .filter((entry) => !files.transfers.some((transfer) => transfer.name === entry.key))
          .map((entry) => (
            <Table.Tr key={entry.key} data-testid="deposit-file">
              <Table.Td>{entry.key}</Table.Td>
              <Table.Td>{size(entry.size)}</Table.Td>
              <Table.Td>
                {entry.status === 'completed'
                  ? t('deposit.files.status.completed')
                  : entry.transfer.type === 'M'
                    ? t('deposit.files.status.interrupted')
                    : t('deposit.files.status.pending')}
              </Table.Td>
              <Table.Td>
                {canRemove && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={t('deposit.files.removeFile', { name: entry.key })}
                    onClick={() => void files.remove(entry)}
                  >
                    {t('deposit.files.remove')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        {files.transfers.map((transfer) => {
          const percent =
            transfer.size > 0 ? Math.round((transfer.uploaded / transfer.size) * 100) : 0;
          return (
            <Table.Tr key={transfer.id} data-testid="deposit-upload">
              <Table.Td>{transfer.name}</Table.Td>
              <Table.Td>{size(transfer.size)}</Table.Td>
              <Table.Td>
                {transfer.failed ? (
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
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {transfer.failed && (
                    <Button
                      variant="subtle"
                      size="xs"
                      onClick={() => void files.retry(transfer.id)}
                    >
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
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
