import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMyQuota } from '../api/quota.ts';
import { formatBytes } from '../i18n/format.ts';

/** The user's storage over all their drafts and records: used and left of their quota. */
export function MyStorage() {
  const { t, i18n } = useTranslation();
  const quota = useMyQuota();
  if (!quota.data) return null;
  const { used_bytes: used, max_bytes: limit } = quota.data;
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  return (
    <Text size="sm" c="dimmed" data-testid="my-storage">
      {t('dashboard.storage', {
        used: size(used),
        limit: size(limit),
        left: size(Math.max(0, limit - used)),
      })}
    </Text>
  );
}
