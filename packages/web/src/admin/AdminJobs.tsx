import 'virtual:english/admin';
import { Button, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, useAdminMutation, useDoiFailures, useJobs } from '../api/admin.ts';
import { formatDateTime } from '../i18n/format.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { ScrollTable } from '../ui/ScrollTable.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { AdminPager } from './AdminPager.tsx';
import { FixityFailures } from './FixityFailures.tsx';

/**
 * `/admin/jobs`: the job queue (all or failed ones) and failed DOI registrations,
 * each retryable, and the stored files that failed the fixity check.
 */
export function AdminJobs() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('admin.jobs.title'));
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const jobs = useJobs(failed, page);
  const retry = useAdminMutation(adminApi.retryJob);

  return (
    <Stack>
      <Title order={2}>{t('admin.jobs.title')}</Title>
      <SegmentedControl
        aria-label={t('admin.jobs.filter')}
        value={failed ? 'failed' : 'all'}
        onChange={(value) => {
          setFailed(value === 'failed');
          setPage(1);
        }}
        data={[
          { value: 'all', label: t('admin.jobs.all') },
          { value: 'failed', label: t('admin.jobs.failed') },
        ]}
        w="fit-content"
      />
      {retry.error && <ErrorAlert error={retry.error} />}
      {jobs.isPending ? (
        <PageLoader />
      ) : jobs.isError ? (
        <ErrorAlert error={jobs.error} />
      ) : jobs.data.hits.total === 0 ? (
        <Text c="dimmed">{t('admin.jobs.empty')}</Text>
      ) : (
        <>
          <ScrollTable minWidth={720} striped aria-label={t('admin.jobs.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.jobs.kind')}</Table.Th>
                <Table.Th>{t('admin.jobs.runAt')}</Table.Th>
                <Table.Th>{t('admin.jobs.attempts')}</Table.Th>
                <Table.Th>{t('admin.jobs.error')}</Table.Th>
                <Table.Th>{t('admin.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.hits.hits.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>{job.kind}</Table.Td>
                  <Table.Td>{formatDateTime(job.run_at, i18n.language)}</Table.Td>
                  <Table.Td>{job.attempts}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{job.error}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(job.id)}
                    >
                      {t('admin.jobs.retry')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
          <AdminPager total={jobs.data.hits.total} page={page} onPage={setPage} />
        </>
      )}
      <DoiFailures />
      <FixityFailures />
    </Stack>
  );
}

function DoiFailures() {
  const { t } = useTranslation();
  const failures = useDoiFailures();
  const retry = useAdminMutation(adminApi.retryDoi);
  return (
    <>
      <Title order={3} mt="lg">
        {t('admin.jobs.dois')}
      </Title>
      {retry.error && <ErrorAlert error={retry.error} />}
      {failures.isPending ? (
        <PageLoader />
      ) : failures.isError ? (
        <ErrorAlert error={failures.error} />
      ) : failures.data.hits.total === 0 ? (
        <Text c="dimmed">{t('admin.jobs.noDois')}</Text>
      ) : (
        <ScrollTable minWidth={640} striped aria-label={t('admin.jobs.dois')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>DOI</Table.Th>
              <Table.Th>{t('admin.jobs.error')}</Table.Th>
              <Table.Th>{t('admin.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failures.data.hits.hits.map((failure) => (
              <Table.Tr key={failure.doi}>
                <Table.Td>{failure.doi}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{failure.error}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(failure.doi)}
                  >
                    {t('admin.jobs.retry')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </>
  );
}
