import type { RecordJson } from '@arca/schema';
import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecordVersions } from '../api/records.ts';

/** On an older published version: a newer one exists, and a link to the latest. */
export function NewerVersionBanner({
  record,
  token,
}: {
  record: RecordJson;
  token: string | undefined;
}) {
  const { t } = useTranslation();
  const versions = useRecordVersions(record, token);
  if (!record.is_published || record.versions.is_latest) return null;
  const latest = versions.data?.hits.hits.find((version) => version.versions.is_latest);
  return (
    <Alert color="yellow" data-testid="newer-version" title={t('records.versions.newerTitle')}>
      {t('records.versions.newer')}{' '}
      {latest && (
        <Anchor component={Link} to={`/records/${latest.id}`}>
          {t('records.versions.viewLatest')}
        </Anchor>
      )}
    </Alert>
  );
}
