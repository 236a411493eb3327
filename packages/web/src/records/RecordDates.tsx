import type { RecordJson } from '@arca/schema';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatPublicationDate } from '../i18n/format.ts';

/** "Published 15 March 2026 · Last updated 25 November 2026": one date style on the line. */
export function RecordDates({ record }: { record: RecordJson }) {
  const { t, i18n } = useTranslation();
  const updated = formatLongDate(record.updated, i18n.language);
  const published = record.metadata.publication_date;
  return (
    <Text size="sm" c="dimmed">
      {record.is_published
        ? t('records.dates', {
            published: published ? formatPublicationDate(published, i18n.language) : '—',
            updated,
          })
        : t('records.draftDates', { updated })}
    </Text>
  );
}
