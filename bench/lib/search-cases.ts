// The searches of the scale benchmark (issue 27's table) and, for each, the bare
// SQL that returns the same page of ids: the least PostgreSQL has to do for it,
// written by hand against the tables, run with the pg driver. The benchmark
// checks that both return the same ids before it compares them.

/** Who searches: nobody, or the user with the grants. */
export type Searcher = { kind: 'anonymous' } | { kind: 'granted'; userId: number };

export interface SearchCase {
  name: string;
  /** The query string of `GET /api/records`, after `size=10`. */
  query: string;
  page: number;
  /** The bare SQL of the page's ids (or, `whole`, its whole rows), for a searcher. */
  bare(searcher: Searcher, whole?: boolean): { text: string; values: unknown[] };
}

export const PAGE_SIZE = 10;

/**
 * What the searcher may read, as a condition on `records r` (records.policy.ts
 * `canRead`). The grant is looked up per restricted row (a scalar subquery with
 * LIMIT is never hashed): PostgreSQL would otherwise read all 30,000 grants first.
 */
function scope(searcher: Searcher, values: unknown[]): string {
  if (searcher.kind === 'anonymous') return `r.is_latest AND r.access_record = 'public'`;
  values.push(String(searcher.userId));
  return `r.is_latest AND (r.access_record = 'public' OR (
    SELECT true FROM grants g WHERE g.parent_id = r.parent_id
      AND g.subject_type = 'user' AND g.subject_id = $${values.length} LIMIT 1))`;
}

const NEWEST = 'r.created_at DESC, r.id';

/** A page of ids matching `condition`, in `order`. */
function page(condition: string, order: string, pageNumber: number) {
  return (searcher: Searcher, whole = false) => {
    const values: unknown[] = [];
    const where = scope(searcher, values);
    return {
      text: `SELECT ${whole ? 'r.*' : 'r.id'} FROM records r WHERE ${where} AND ${condition}
             ORDER BY ${order} LIMIT ${PAGE_SIZE} OFFSET ${(pageNumber - 1) * PAGE_SIZE}`,
      values,
    };
  };
}

/** Free text: matched on the search vector, ranked as bestmatch ranks (any of the words). */
function text(match: string, rank: string) {
  const literal = (tsquery: string) => `'${tsquery.replace(/'/g, "''")}'`;
  return page(
    `r.search_vector @@ to_tsquery('simple', ${literal(match)})`,
    `ts_rank(r.search_vector, to_tsquery('simple', ${literal(rank)})) DESC, ${NEWEST}`,
    1,
  );
}

export const SEARCH_CASES: SearchCase[] = [
  { name: 'no query', query: '', page: 1, bare: page('TRUE', NEWEST, 1) },
  { name: 'q=glacier', query: 'q=glacier', page: 1, bare: text(`'glacier'`, `'glacier'`) },
  {
    name: 'q="time series"',
    query: `q=${encodeURIComponent('"time series"')}`,
    page: 1,
    bare: text(`'time' <-> 'series'`, `'time' | 'series'`),
  },
  {
    name: 'q=metadata.creators.person_or_org.family_name:Weber',
    query: `q=${encodeURIComponent('metadata.creators.person_or_org.family_name:Weber')}`,
    page: 1,
    bare: page(
      `r.document->'metadata'->'creators' @> '[{"person_or_org":{"family_name":"Weber"}}]'`,
      NEWEST,
      1,
    ),
  },
  {
    name: 'resource_type=software',
    query: 'resource_type=software',
    page: 1,
    bare: page(`r.resource_type = 'software'`, NEWEST, 1),
  },
  { name: 'page 100, no query', query: 'page=100', page: 100, bare: page('TRUE', NEWEST, 100) },
];
