import 'virtual:english/admin';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAdminStats } from '../api/admin.ts';
import { formatBytes, formatNumber } from '../i18n/format.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

/** `/admin`: the site's counts at a glance. */
export function AdminDashboard() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('admin.dashboard.title'));
  const stats = useAdminStats();
  if (stats.isPending) return <PageLoader />;
  if (stats.isError) return <ErrorAlert error={stats.error} />;
  const number = (value: number) => formatNumber(value, i18n.language);
  const counts = [
    ['users', number(stats.data.users)],
    ['records', number(stats.data.records)],
    ['files', number(stats.data.files)],
    ['storage', formatBytes(stats.data.storage_bytes, i18n.language)],
    ['openRequests', number(stats.data.open_requests)],
    ['failedJobs', number(stats.data.failed_jobs)],
  ] as const;
  return (
    <>
      <Title order={2} mb="md">
        {t('admin.dashboard.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} component="dl" m={0}>
        {counts.map(([key, value]) => (
          <Card key={key} withBorder>
            <Text component="dt" size="sm" c="dimmed">
              {t(`admin.dashboard.${key}`)}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700}>
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
