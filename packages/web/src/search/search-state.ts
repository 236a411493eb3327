import { useSearchParams } from 'react-router';

/** Results per page of the search page and the dashboard. */
export const PAGE_SIZE = 10;

export interface SearchState {
  q: string;
  sort: string | undefined;
  page: number;
  facets: Record<string, string[]>;
}

/**
 * The search kept in the address bar (q, sort, page, one parameter per facet),
 * so that a search can be bookmarked, shared and gone back to.
 */
export function useSearchState(facetNames: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const state: SearchState = {
    q: params.get('q') ?? '',
    sort: params.get('sort') ?? undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    facets: Object.fromEntries(facetNames.map((name) => [name, params.getAll(name)])),
  };

  const update = (change: Partial<SearchState>) => {
    const next = { ...state, page: 1, ...change };
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.sort) search.set('sort', next.sort);
    if (next.page > 1) search.set('page', String(next.page));
    for (const [name, values] of Object.entries(next.facets)) {
      for (const value of values) search.append(name, value);
    }
    setParams(search);
  };

  const toggleFacet = (name: string, value: string) => {
    const current = state.facets[name] ?? [];
    const values = current.includes(value)
      ? current.filter((item) => item !== value)
      : [...current, value];
    update({ facets: { ...state.facets, [name]: values } });
  };

  /** The API's query parameters for this state. */
  const apiParams = {
    q: state.q || undefined,
    sort: state.sort,
    page: String(state.page),
    size: String(PAGE_SIZE),
    ...state.facets,
  };
  return { state, update, toggleFacet, apiParams };
}
