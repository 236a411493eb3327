import { ACCESS_STATUSES, type AccessStatus } from '@arca/schema';
import { Grid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRecordSearch, useResourceTypes } from '../api/records.ts';
import { localise } from '../records/format.ts';
import { accessStatusLabel } from '../records/labels.ts';
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

interface RecordSearchProps {
  /** The query box's label (and placeholder). */
  queryLabel: string;
  /** A query the search always keeps to, e.g. `parent.communities.ids:"…"`; hidden from the box. */
  scope?: string;
}

/** The query, sort and facets of `GET /api/records`, kept in the address, and a page of results. */
export function RecordSearch({ queryLabel, scope }: RecordSearchProps) {
  const { t, i18n } = useTranslation();
  const { state, update, toggleFacet, apiParams } = useSearchState(FACETS);
  const q = scope ? (state.q ? `${scope} AND (${state.q})` : scope) : state.q || undefined;
  // The scope alone is a query too, and the API would rank it: without words, newest first.
  const defaultSort = state.q ? 'bestmatch' : 'newest';
  const search = useRecordSearch({
    ...apiParams,
    q,
    sort: scope ? (state.sort ?? defaultSort) : state.sort,
  });
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
  const sort = state.sort ?? (scope ? defaultSort : (search.data?.sortBy ?? defaultSort));

  return (
    <Stack gap="lg">
      <QueryBox
        value={state.q}
        label={queryLabel}
        submitLabel={t('search.submit')}
        onSearch={(query) => update({ q: query, sort: undefined })}
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
