import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MyStorage } from '../../dashboard/MyStorage.tsx';
import { formatBytes } from '../../i18n/format.ts';
import { allows } from '../abilities.ts';
import { useDeposit } from '../deposit-context.ts';
import { describedBy, GroupError, useFieldError } from '../fields/field-error.tsx';
import type { DepositFormValues } from '../form-values.ts';
import { QuotaIncrease } from '../quota/QuotaIncrease.tsx';
import { DropArea } from './DropArea.tsx';
import type { Refusal } from './upload-rules.ts';

const FileList = lazy(() => import('./FileList.tsx'));
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
  const errorId = useId();
  const files = useFileUploads();
  const refusalText = useRefusalText();
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const { clearErrors } = useFormContext<DepositFormValues>();
  // The edit draft of a published record keeps that record's files.
  const locked = !allows(draft, 'can_update_files');

  // A transfer that failed is not finished either: Publish waits for its retry or cancel.
  const unfinished = files.transfers.length > 0;
  useEffect(() => onUploadingChange(unfinished), [unfinished, onUploadingChange]);

  // "Missing uploaded files" no longer holds once files are there: the error goes with it.
  const hasFiles = files.entries.length > 0;
  const stale = enabled && hasFiles && !unfinished && error !== undefined;
  useEffect(() => {
    if (stale) clearErrors('files.enabled');
  }, [stale, clearErrors]);

  if (!enabled) return <Text size="sm">{t('deposit.files.metadataOnly')}</Text>;

  const full = files.usedCount >= files.quota.maxFiles;
  const canImport = !locked && (draft?.versions.index ?? 1) > 1 && files.entries.length === 0;
  const empty = files.entries.length === 0 && files.transfers.length === 0;

  return (
    <Stack gap="sm">
      {locked ? (
        <Text size="sm">{t('deposit.files.locked')}</Text>
      ) : (
        <DropArea
          disabled={full}
          onFiles={(selected) => void files.add(selected)}
          describedBy={describedBy(errorId, error)}
        />
      )}
      {/* A status: screen readers hear the count change as uploads finish or files go. */}
      <Text size="sm" c="dimmed" data-testid="files-quota" role="status">
        {t('deposit.files.quota', {
          count: files.usedCount,
          max: files.quota.maxFiles,
          used: size(files.usedBytes),
          left: size(Math.max(0, files.quota.maxBytes - files.usedBytes)),
        })}
      </Text>
      <MyStorage />
      {draft?.links.quota_increase && (
        <QuotaIncrease link={draft.links.quota_increase} recordLimit={files.quota.maxBytes} />
      )}
      {files.loadingMore && (
        <Text size="sm" c="dimmed" role="status">
          {t('fileList.loading', {
            listed: files.loadingMore.listed,
            total: files.loadingMore.count ?? files.usedCount,
          })}
        </Text>
      )}
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
        <Suspense>
          <FileList files={files} canRemove={!locked} />
        </Suspense>
      )}
      <GroupError id={errorId} error={error} size="sm" />
    </Stack>
  );
}
