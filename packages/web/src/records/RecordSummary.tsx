import type { RecordJson } from '@arca/schema';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes, formatNumber } from '../i18n/format.ts';
import { CREATORS_SHOWN, TITLE_DISPLAY_LENGTH, creatorName, truncate } from './format.ts';
import { RecordBadges } from './RecordBadges.tsx';

interface RecordSummaryProps {
  record: RecordJson;
  /** Where the title leads: the record page by default. */
  to?: string;
  withStatus?: boolean;
}

/** One record in a list: title (60 characters), first creators, badges (SPEC §2, §9). */
export function RecordSummary({ record, to, withStatus }: RecordSummaryProps) {
  const { t, i18n } = useTranslation();
  const title = record.metadata.title || t('records.untitled');
  const creators = record.metadata.creators ?? [];
  const shown = creators.slice(0, CREATORS_SHOWN).map(creatorName).join('; ');
  const others = creators.length - CREATORS_SHOWN;
  return (
    <Card withBorder padding="md" component="article" aria-label={title}>
      <Stack gap={6}>
        <RecordBadges record={record} withStatus={withStatus} />
        <Anchor component={Link} to={to ?? `/records/${record.id}`} fw={600} title={title}>
          {truncate(title, TITLE_DISPLAY_LENGTH)}
        </Anchor>
        {creators.length > 0 && (
          <Text size="sm" c="dimmed">
            {others > 0 ? t('records.creatorsAndOthers', { names: shown, count: others }) : shown}
          </Text>
        )}
        {/* In "my uploads": what the record's files take of the owner's storage. */}
        {withStatus && record.files.enabled && record.files.total_bytes !== undefined && (
          <Text size="xs" c="dimmed" data-testid="record-storage">
            {t('dashboard.uploads.recordStorage', {
              size: formatBytes(record.files.total_bytes, i18n.language),
            })}
          </Text>
        )}
        {record.stats && (
          <Text size="xs" c="dimmed">
            {t('records.stats.viewsValue', {
              value: formatNumber(record.stats.all_versions.unique_views, i18n.language),
            })}
            {' · '}
            {t('records.stats.downloadsValue', {
              value: formatNumber(record.stats.all_versions.unique_downloads, i18n.language),
            })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
