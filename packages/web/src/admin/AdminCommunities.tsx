import 'virtual:english/admin';
import { Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminCommunities, type AdminCommunityFilters } from '../api/community-deletion.ts';
import { QueryBox } from '../search/QueryBox.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { ScrollTable } from '../ui/ScrollTable.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { AdminCommunityRow } from './AdminCommunityRow.tsx';
import { AdminPager } from './AdminPager.tsx';

type Filters = AdminCommunityFilters;

/**
 * `/admin/communities`: every community, deleted and restricted ones
 * included, with its records and members counted; restrict or make public,
 * delete with a reason, restore.
 */
export function AdminCommunities() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.communities.title'));
  const [filters, setFilters] = useState<Filters>({ q: '', status: '', visibility: '', page: 1 });
  const communities = useAdminCommunities(filters);
  const change = (next: Partial<Filters>) => setFilters({ ...filters, page: 1, ...next });

  return (
    <Stack>
      <Title order={2}>{t('admin.communities.title')}</Title>
      <QueryBox
        value={filters.q}
        label={t('admin.communities.search')}
        submitLabel={t('search.submit')}
        onSearch={(q) => change({ q })}
      />
      <Group gap="md" wrap="wrap">
        <Select
          label={t('admin.communities.status')}
          data={[
            { value: '', label: t('admin.communities.any') },
            { value: 'published', label: t('admin.communities.active') },
            { value: 'deleted', label: t('admin.communities.deleted') },
          ]}
          value={filters.status}
          allowDeselect={false}
          onChange={(value) => change({ status: value ?? '' })}
        />
        <Select
          label={t('admin.communities.visibility')}
          data={[
            { value: '', label: t('admin.communities.any') },
            { value: 'public', label: t('admin.communities.public') },
            { value: 'restricted', label: t('admin.communities.restricted') },
          ]}
          value={filters.visibility}
          allowDeselect={false}
          onChange={(value) => change({ visibility: value ?? '' })}
        />
      </Group>
      {communities.isPending ? (
        <PageLoader />
      ) : communities.isError ? (
        <ErrorAlert error={communities.error} />
      ) : communities.data.hits.total === 0 ? (
        <Text c="dimmed">{t('admin.communities.empty')}</Text>
      ) : (
        <>
          <ScrollTable minWidth={760} striped aria-label={t('admin.communities.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.communities.name')}</Table.Th>
                <Table.Th>{t('admin.communities.status')}</Table.Th>
                <Table.Th>{t('admin.communities.records')}</Table.Th>
                <Table.Th>{t('admin.communities.members')}</Table.Th>
                <Table.Th>{t('admin.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {communities.data.hits.hits.map((community) => (
                <AdminCommunityRow key={community.id} community={community} />
              ))}
            </Table.Tbody>
          </ScrollTable>
          <AdminPager
            total={communities.data.hits.total}
            page={filters.page}
            onPage={(page) => setFilters({ ...filters, page })}
          />
        </>
      )}
    </Stack>
  );
}
