import { Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDeposit } from '../../deposit-context.ts';
import type { DepositFormValues } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';

/**
 * What the Files section shows until the uploader lands: the files the draft
 * already has, and the metadata-only state.
 */
export function FilesPlaceholder() {
  const { t } = useTranslation();
  const { draft } = useDeposit();
  const enabled = useWatch<DepositFormValues, 'files.enabled'>({ name: 'files.enabled' });
  const error = useFieldError('files.enabled');
  const entries = Object.values(draft?.files.entries ?? {});
  if (!enabled) return <Text size="sm">{t('deposit.files.metadataOnly')}</Text>;
  return (
    <>
      {entries.length === 0 ? (
        <Text size="sm">{t('deposit.files.none')}</Text>
      ) : (
        entries.map((entry) => (
          <Text key={entry.key} size="sm">
            {entry.key}
          </Text>
        ))
      )}
      {error && (
        <Text size="sm" c="red">
          {errorText(error)}
        </Text>
      )}
    </>
  );
}
