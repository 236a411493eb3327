import { Alert, Center, Loader, Pagination, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMUNITY_PAGE_SIZE,
  type CommunityJson,
  type CommunityPage,
} from '../../api/communities.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';

/** What a community search asks: one tab (all, or the caller's), the typed words, a page. */
export interface CommunityQuery {
  mine: boolean;
  q: string;
  page: number;
}

/** The state of a community search, kept by the component that opens it. */
export function useCommunityQuery() {
  const [tab, setTab] = useState<'all' | 'mine'>('all');
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed, 250);
  const [page, setPage] = useState(1);
  return { tab, setTab, typed, setTyped, q, page, setPage };
}

export type CommunityQueryState = ReturnType<typeof useCommunityQuery>;

interface CommunitySearchProps {
  state: CommunityQueryState;
  /** Asks for the results of a query (a React Query hook). */
  useResults: (query: CommunityQuery) => UseQueryResult<CommunityPage>;
  /** One community of the results, with its button. */
  renderItem: (community: CommunityJson) => ReactNode;
  /** Results are asked for only while shown. */
  active: boolean;
  /** Shown between the search bar and the results (an error of the caller's). */
  children?: ReactNode;
}

/** SPEC §2: tabs All and My communities, a search bar, 5 per page, pagination. */
export function CommunitySearch({
  state,
  useResults,
  renderItem,
  active,
  children,
}: CommunitySearchProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Tabs
        value={state.tab}
        onChange={(value) => {
          state.setTab(value === 'mine' ? 'mine' : 'all');
          state.setPage(1);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="all">{t('deposit.community.tabAll')}</Tabs.Tab>
          <Tabs.Tab value="mine">{t('deposit.community.tabMine')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <TextInput
        type="search"
        label={t('deposit.community.search')}
        placeholder={t('deposit.community.searchPlaceholder')}
        value={state.typed}
        onChange={(event) => {
          state.setTyped(event.currentTarget.value);
          state.setPage(1);
        }}
      />
      {children}
      {active && (
        <Results
          query={{ mine: state.tab === 'mine', q: state.q, page: state.page }}
          onPage={state.setPage}
          useResults={useResults}
          renderItem={renderItem}
        />
      )}
    </Stack>
  );
}

interface ResultsProps {
  query: CommunityQuery;
  onPage: (page: number) => void;
  useResults: CommunitySearchProps['useResults'];
  renderItem: CommunitySearchProps['renderItem'];
}

function Results({ query, onPage, useResults, renderItem }: ResultsProps) {
  const { t } = useTranslation();
  const search = useResults(query);
  if (search.isPending) {
    return (
      <Center>
        <Loader size="sm" role="status" aria-label={t('deposit.community.loading')} />
      </Center>
    );
  }
  if (search.isError) return <ErrorAlert error={search.error} />;
  const { hits, total } = search.data.hits;
  if (hits.length === 0) {
    return <Alert variant="light">{t('deposit.community.noResults')}</Alert>;
  }
  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {hits.map(renderItem)}
      </Stack>
      {total > COMMUNITY_PAGE_SIZE && (
        <Center>
          <Pagination
            total={Math.ceil(total / COMMUNITY_PAGE_SIZE)}
            value={query.page}
            onChange={onPage}
            size="sm"
          />
        </Center>
      )}
    </Stack>
  );
}
