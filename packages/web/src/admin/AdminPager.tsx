import '@mantine/core/styles/Pagination.css';
import { Center, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE } from '../api/admin.ts';

/** The page links under an admin table, when there is more than one page. */
export function AdminPager(props: { total: number; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.min(Math.ceil(props.total / ADMIN_PAGE_SIZE), 500);
  if (pages <= 1) return null;
  return (
    <Center mt="md">
      <Pagination
        total={pages}
        value={props.page}
        onChange={props.onPage}
        getControlProps={(control) => ({ 'aria-label': t(`search.pagination.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('search.pagination.page', { page: item }) })}
      />
    </Center>
  );
}
