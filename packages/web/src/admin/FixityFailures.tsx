import 'virtual:english/admin';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFixityFailures } from '../api/admin.ts';
import { formatDateTime } from '../i18n/format.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { ScrollTable } from '../ui/ScrollTable.tsx';

/** Stored files whose bytes no longer match their checksums, as the fixity check last found. */
export function FixityFailures() {
  const { t, i18n } = useTranslation();
  const failures = useFixityFailures();
  return (
    <>
      <Title order={3} mt="lg">
        {t('admin.jobs.fixity')}
      </Title>
      {failures.isPending ? (
        <PageLoader />
      ) : failures.isError ? (
        <ErrorAlert error={failures.error} />
      ) : failures.data.hits.total === 0 ? (
        <Text c="dimmed">{t('admin.jobs.noFixity')}</Text>
      ) : (
        <ScrollTable minWidth={560} striped aria-label={t('admin.jobs.fixity')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.jobs.fixityFiles')}</Table.Th>
              <Table.Th>{t('admin.jobs.fixityFailed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failures.data.hits.hits.map((failure) => (
              <Table.Tr key={failure.object_id}>
                <Table.Td>
                  <Stack gap={2}>
                    {failure.files.map((file) => (
                      <Anchor
                        key={`${file.record_id}:${file.draft}:${file.key}`}
                        component={Link}
                        to={`/records/${file.record_id}${file.draft ? '?preview=1' : ''}`}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {file.record_id}/{file.key}
                      </Anchor>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>{formatDateTime(failure.failed, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </>
  );
}
