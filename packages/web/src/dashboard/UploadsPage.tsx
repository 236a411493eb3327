import type { RecordJson } from '@arca/schema';
import { Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyUploads } from '../api/records.ts';
import { QueryBox } from '../search/QueryBox.tsx';
import { ResultList } from '../search/ResultList.tsx';
import { useSearchState } from '../search/search-state.ts';
import { SortSelect } from '../search/SortSelect.tsx';
import { FacetList } from '../search/FacetList.tsx';
import { MyStorage } from './MyStorage.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

const FACETS = ['is_published'] as const;
const SORTS = ['updated-desc', 'updated-asc', 'newest', 'oldest', 'bestmatch', 'version'];

/** Drafts open in the editor; published records on their page. */
const linkOf = (record: RecordJson) =>
  record.is_draft ? `/uploads/${record.id}` : `/records/${record.id}`;

/** `/me/uploads`: my drafts and records (and those shared with me), with their status. */
export function UploadsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.uploads.title'));
  const { state, update, toggleFacet, apiParams } = useSearchState(FACETS);
  const uploads = useMyUploads(apiParams);
  const sort = state.sort ?? uploads.data?.sortBy ?? (state.q ? 'bestmatch' : 'updated-desc');

  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('dashboard.uploads.title')}</Title>
        <Button component={Link} to="/uploads/new">
          {t('dashboard.uploads.new')}
        </Button>
      </Group>
      <MyStorage />
      <QueryBox
        value={state.q}
        label={t('dashboard.uploads.query')}
        submitLabel={t('search.submit')}
        onSearch={(q) => update({ q, sort: undefined })}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="lg">
            <SortSelect
              options={SORTS}
              value={sort}
              onChange={(value) => update({ sort: value })}
            />
            <FacetList
              title={t('dashboard.uploads.facet')}
              buckets={uploads.data?.aggregations?.is_published?.buckets ?? []}
              selected={state.facets.is_published ?? []}
              label={(key) =>
                key === 'true' ? t('dashboard.uploads.published') : t('dashboard.uploads.drafts')
              }
              onToggle={(key) => toggleFacet('is_published', key)}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {uploads.isPending ? (
            <PageLoader />
          ) : uploads.isError ? (
            <ErrorAlert error={uploads.error} />
          ) : uploads.data.hits.total === 0 && !state.q ? (
            <Text c="dimmed">{t('dashboard.uploads.empty')}</Text>
          ) : (
            <ResultList
              hits={uploads.data.hits.hits}
              total={uploads.data.hits.total}
              page={state.page}
              label={t('dashboard.uploads.listLabel')}
              onPage={(page) => update({ page })}
              linkOf={linkOf}
              withStatus
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
