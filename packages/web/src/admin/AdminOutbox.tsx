import 'virtual:english/admin';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../api/admin.ts';
import { formatDateTime } from '../i18n/format.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { ScrollTable } from '../ui/ScrollTable.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { AdminPager } from './AdminPager.tsx';

/** `/admin/outbox`: the mail the site wrote, newest first. */
export function AdminOutbox() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('admin.outbox.title'));
  const [page, setPage] = useState(1);
  const mail = useOutbox(page);
  return (
    <Stack>
      <Title order={2}>{t('admin.outbox.title')}</Title>
      {mail.isPending ? (
        <PageLoader />
      ) : mail.isError ? (
        <ErrorAlert error={mail.error} />
      ) : mail.data.hits.total === 0 ? (
        <Text c="dimmed">{t('admin.outbox.empty')}</Text>
      ) : (
        <>
          <ScrollTable minWidth={640} striped focusable aria-label={t('admin.outbox.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.outbox.to')}</Table.Th>
                <Table.Th>{t('admin.outbox.subject')}</Table.Th>
                <Table.Th>{t('admin.outbox.sent')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mail.data.hits.hits.map((message) => (
                <Table.Tr key={message.id}>
                  <Table.Td>{message.to}</Table.Td>
                  <Table.Td>{message.subject}</Table.Td>
                  <Table.Td>{formatDateTime(message.created, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
          <AdminPager total={mail.data.hits.total} page={page} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
