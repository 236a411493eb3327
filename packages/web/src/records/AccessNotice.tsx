import type { RecordJson } from '@arca/schema';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accessStatusColor, accessStatusLabel } from './labels.ts';

/** The record's access status, and why its files may be out of reach (embargo, restriction). */
export function AccessNotice({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const { access } = record;
  const status = access.status ?? 'open';
  const embargo = access.embargo;
  const today = new Date().toISOString().slice(0, 10);
  const lifted = !embargo.active && embargo.until && embargo.until <= today;

  let body: string | undefined;
  if (status === 'embargoed') {
    body =
      access.record === 'restricted'
        ? t('records.access.embargoedRecord', { date: embargo.until ?? '' })
        : t('records.access.embargoedFiles', { date: embargo.until ?? '' });
  } else if (access.record === 'restricted') {
    body = t('records.access.restrictedRecord');
  } else if (access.files === 'restricted' && record.files.enabled) {
    body = t('records.access.restrictedFiles');
  } else if (status === 'metadata-only') {
    body = t('records.access.metadataOnly');
  } else {
    body = t('records.access.open');
  }

  return (
    <Alert
      color={accessStatusColor[status]}
      variant="light"
      title={accessStatusLabel(t, status)}
      aria-label={t('records.access.label')}
    >
      <Stack gap={4}>
        {body && <Text size="sm">{body}</Text>}
        {status === 'embargoed' && embargo.reason && (
          <Text size="sm">{t('records.access.embargoReason', { reason: embargo.reason })}</Text>
        )}
        {lifted && (
          <Text size="sm">{t('records.access.embargoLifted', { date: embargo.until })}</Text>
        )}
      </Stack>
    </Alert>
  );
}
