import 'virtual:english/requests';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RequestJson } from '../api/requests.ts';
import { formatBytes } from '../i18n/format.ts';

/** What a `quota-increase` request asks (its payload): whose storage, from what, to what. */
export function QuotaIncreaseDetails({ request }: { request: RequestJson }) {
  const { t, i18n } = useTranslation();
  if (request.type !== 'quota-increase') return null;
  const { scope, size, current } = (request.payload ?? {}) as {
    scope?: unknown;
    size?: unknown;
    current?: unknown;
  };
  if (typeof size !== 'number' || typeof current !== 'number') return null;
  const bytes = (value: number) => formatBytes(value, i18n.language);
  return (
    <Text size="sm" data-testid="quota-increase-asked">
      {t(
        scope === 'user'
          ? 'requests.quotaIncrease.askedUser'
          : 'requests.quotaIncrease.askedRecord',
        { size: bytes(size), current: bytes(current) },
      )}
    </Text>
  );
}
