import { Alert, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../records/format.ts';
import { useDeposit } from '../deposit-context.ts';
import { errorText, useFieldError } from '../fields/field-error.tsx';
import type { DepositFormValues } from '../form-values.ts';
import { DropArea } from './DropArea.tsx';
import type { Refusal } from './upload-rules.ts';
import { useFileUploads } from './useFileUploads.ts';

function useRefusalText() {
  const { t, i18n } = useTranslation();
  return (refusal: Refusal): string => {
    switch (refusal.kind) {
      case 'duplicate':
        return t('deposit.files.refusals.duplicate', { filename: refusal.filename });
      case 'empty':
        return t('deposit.files.refusals.empty');
      case 'tooMany':
        return t('deposit.files.refusals.tooMany', { max: refusal.max });
      case 'tooLarge':
        return t('deposit.files.refusals.tooLarge', {
          total: formatBytes(refusal.total, i18n.language),
          limit: formatBytes(refusal.limit, i18n.language),
        });
      case 'exceedsSize':
        return t('deposit.files.refusals.exceedsSize', { filename: refusal.filename });
    }
  };
}

/**
 * The Files section (SPEC §2, §5; API.md §9): drop or choose files, watch
 * them upload, cancel or remove them, import the previous version's files.
 */
export function FilesField({
  onUploadingChange,
}: {
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { draft } = useDeposit();
  const enabled = useWatch<DepositFormValues, 'files.enabled'>({ name: 'files.enabled' });
  const error = useFieldError('files.enabled');
  const files = useFileUploads();
  const refusalText = useRefusalText();
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  useEffect(() => onUploadingChange(files.uploading), [files.uploading, onUploadingChange]);

  if (!enabled) return <Text size="sm">{t('deposit.files.metadataOnly')}</Text>;

  const full = files.usedCount >= files.quota.maxFiles;
  const canImport = (draft?.versions.index ?? 1) > 1 && files.entries.length === 0;
  const empty = files.entries.length === 0 && files.transfers.length === 0;

  return (
    <Stack gap="sm">
      <DropArea disabled={full} onFiles={(selected) => void files.add(selected)} />
      <Text size="sm" c="dimmed" data-testid="files-quota">
        {t('deposit.files.quota', {
          count: files.usedCount,
          max: files.quota.maxFiles,
          used: size(files.usedBytes),
          left: size(Math.max(0, files.quota.maxBytes - files.usedBytes)),
        })}
      </Text>
      {files.refusals.length > 0 && (
        <Alert color="orange" variant="light" role="alert">
          <Stack gap={4}>
            {files.refusals.map((refusal, index) => (
              <Text key={index} size="sm">
                {refusalText(refusal)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {canImport && (
        <Group>
          <Button
            variant="default"
            size="xs"
            loading={files.importing}
            onClick={() => void files.importPrevious()}
          >
            {t('deposit.files.import')}
          </Button>
        </Group>
      )}
      {empty ? (
        <Text size="sm">{t('deposit.files.none')}</Text>
      ) : (
        <Table aria-label={t('deposit.files.listLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('deposit.files.name')}</Table.Th>
              <Table.Th>{t('deposit.files.size')}</Table.Th>
              <Table.Th>{t('deposit.files.progress')}</Table.Th>
              <Table.Th />
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
                      : t('deposit.files.status.pending')}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={t('deposit.files.removeFile', { name: entry.key })}
                      onClick={() => void files.remove(entry)}
                    >
                      {t('deposit.files.remove')}
                    </Button>
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
      )}
      {error && (
        <Text size="sm" c="red">
          {errorText(error)}
        </Text>
      )}
    </Stack>
  );
}
