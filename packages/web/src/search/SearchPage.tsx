import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordSearch } from './RecordSearch.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

/** `/search`: published records by query, facets, sort and page. */
export function SearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pageTitles.search'));
  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <Title order={1}>{t('search.title')}</Title>
      <RecordSearch queryLabel={t('search.query')} />
    </Stack>
  );
}
