import '@mantine/core/styles/Pagination.css';
import { MAX_RESULT_WINDOW, type RecordJson } from '@arca/schema';
import { Center, Pagination, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordSummary } from '../records/RecordSummary.tsx';
import { PAGE_SIZE } from './search-state.ts';

interface ResultListProps {
  hits: RecordJson[];
  total: number;
  page: number;
  label: string;
  onPage: (page: number) => void;
  /** Where a hit's title leads (the dashboard opens drafts in the editor). */
  linkOf?: (record: RecordJson) => string;
  withStatus?: boolean;
}

export function ResultList({
  hits,
  total,
  page,
  label,
  onPage,
  linkOf,
  withStatus,
}: ResultListProps) {
  const { t } = useTranslation();
  // The API serves hits up to its result window only (API.md §6.2).
  const pages = Math.min(Math.ceil(total / PAGE_SIZE), MAX_RESULT_WINDOW / PAGE_SIZE);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {t('search.total', { count: total })}
      </Text>
      <Stack gap="sm" aria-label={label} role="list">
        {hits.map((record) => (
          <div role="listitem" key={`${record.id}-${record.is_draft ? 'draft' : 'record'}`}>
            <RecordSummary record={record} to={linkOf?.(record)} withStatus={withStatus} />
          </div>
        ))}
      </Stack>
      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            getControlProps={(control) => ({
              'aria-label': t(`search.pagination.${control}`),
            })}
            getItemProps={(item) => ({ 'aria-label': t('search.pagination.page', { page: item }) })}
          />
        </Center>
      )}
    </Stack>
  );
}
