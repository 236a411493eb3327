import { Grid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRecordSearch, useResourceTypes } from '../api/records.ts';
import { accessStatusLabel } from '../records/labels.ts';
import { localise } from '../records/format.ts';
import { ACCESS_STATUSES, type AccessStatus } from '@arca/schema';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { FacetList } from './FacetList.tsx';
import { QueryBox } from './QueryBox.tsx';
import { ResultList } from './ResultList.tsx';
import { useSearchState } from './search-state.ts';
import { SortSelect } from './SortSelect.tsx';

const FACETS = ['resource_type', 'access_status', 'file_type'] as const;
const SORTS = ['bestmatch', 'newest', 'oldest', 'version', 'mostviewed', 'mostdownloaded'];

const isAccessStatus = (key: string): key is AccessStatus =>
  (ACCESS_STATUSES as readonly string[]).includes(key);

/** `/search`: published records by query, facets, sort and page. */
export function SearchPage() {
  const { t, i18n } = useTranslation();
  const { state, update, toggleFacet, apiParams } = useSearchState(FACETS);
  const search = useRecordSearch(apiParams);
  const resourceTypes = useResourceTypes();

  const typeTitle = (key: string) => {
    const entry = resourceTypes.data?.hits.hits.find((candidate) => candidate.id === key);
    return entry?.title_l10n ?? localise(entry?.title, i18n.language) ?? key;
  };
  const facetLabels: Record<
    (typeof FACETS)[number],
    { title: string; label: (key: string) => string }
  > = {
    resource_type: { title: t('search.facets.resource_type'), label: typeTitle },
    access_status: {
      title: t('search.facets.access_status'),
      label: (key) => (isAccessStatus(key) ? accessStatusLabel(t, key) : key),
    },
    file_type: { title: t('search.facets.file_type'), label: (key) => key.toUpperCase() },
  };
  const sort = state.sort ?? search.data?.sortBy ?? (state.q ? 'bestmatch' : 'newest');

  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <Title order={1}>{t('search.title')}</Title>
      <QueryBox
        value={state.q}
        label={t('search.query')}
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
            {FACETS.map((name) => (
              <FacetList
                key={name}
                title={facetLabels[name].title}
                buckets={search.data?.aggregations?.[name]?.buckets ?? []}
                selected={state.facets[name] ?? []}
                label={facetLabels[name].label}
                onToggle={(key) => toggleFacet(name, key)}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {search.isPending ? (
            <PageLoader />
          ) : search.isError ? (
            <ErrorAlert error={search.error} />
          ) : (
            <ResultList
              hits={search.data.hits.hits}
              total={search.data.hits.total}
              page={state.page}
              label={t('search.results')}
              onPage={(page) => update({ page })}
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
