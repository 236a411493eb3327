import 'virtual:english/admin';
import { Anchor, Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminRecords, type AdminRecord } from '../api/admin.ts';
import { useRestoreRecord } from '../api/deletion.ts';
import { formatDateTime } from '../i18n/format.ts';
import { DeletionDialog } from '../records/DeletionActions.tsx';
import { QueryBox } from '../search/QueryBox.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { ScrollTable } from '../ui/ScrollTable.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { AdminPager } from './AdminPager.tsx';
import { RecordQuotaButton } from './RecordQuota.tsx';

const STATUS_COLORS = { draft: 'gray', published: 'green', deleted: 'red' } as const;

/** `/admin/records`: every record, restricted, deleted or draft; delete, restore, set a quota. */
export function AdminRecords() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.records.title'));
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const records = useAdminRecords(q, page);

  return (
    <Stack>
      <Title order={2}>{t('admin.records.title')}</Title>
      <QueryBox
        value={q}
        label={t('admin.records.search')}
        submitLabel={t('search.submit')}
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      {records.isPending ? (
        <PageLoader />
      ) : records.isError ? (
        <ErrorAlert error={records.error} />
      ) : (
        <>
          <ScrollTable minWidth={760} striped aria-label={t('admin.records.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.records.recordTitle')}</Table.Th>
                <Table.Th>{t('admin.records.status')}</Table.Th>
                <Table.Th>{t('admin.records.updated')}</Table.Th>
                <Table.Th>{t('admin.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.data.hits.hits.map((record) => (
                <RecordRow key={record.id} record={record} />
              ))}
            </Table.Tbody>
          </ScrollTable>
          <AdminPager total={records.data.hits.total} page={page} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}

function RecordRow({ record }: { record: AdminRecord }) {
  const { t, i18n } = useTranslation();
  const restore = useRestoreRecord(record.id);
  const title = record.title || record.id;
  const to = record.status === 'draft' ? `/uploads/${record.id}` : `/records/${record.id}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={to}>
          {title}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge color={STATUS_COLORS[record.status]}>
            {t(`admin.records.statuses.${record.status}`)}
          </Badge>
          {record.access === 'restricted' && (
            <Badge color="orange">{t('admin.records.restricted')}</Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{formatDateTime(record.updated, i18n.language)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {record.status === 'published' && <DeletionDialog record={{ id: record.id }} admin />}
          {record.status === 'deleted' && (
            <Button
              size="xs"
              variant="default"
              loading={restore.isPending}
              aria-label={`${t('admin.records.restore')}: ${title}`}
              onClick={() => restore.mutate()}
            >
              {t('admin.records.restore')}
            </Button>
          )}
          {record.status !== 'deleted' && <RecordQuotaButton id={record.id} title={title} />}
        </Group>
        {restore.error && <ErrorAlert error={restore.error} />}
      </Table.Td>
    </Table.Tr>
  );
}
