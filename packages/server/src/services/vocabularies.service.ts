import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { MAX_RESULT_WINDOW } from '@arca/schema';
import type { Database } from '../db/client.ts';
import { vocabularies } from '../db/schema.ts';
import { DomainError, notFound } from './errors.ts';
import { indexItem } from '../vocabularies/indexing.ts';
import { USER_NAME_PREFIX } from '../vocabularies/loader.ts';
import { defaultSort, type VocabularyItem, type VocabularyType } from '../vocabularies/types.ts';
import { matchTerms } from './accounts.service.ts';
import type { UserRow } from './accounts.service.ts';

export type VocabularyRow = typeof vocabularies.$inferSelect;

// Every shipped entry fits (about 9,500): the limit only guards against surprises.
const CACHE_LIMIT = 20_000;

export const VOCABULARY_SORTS = [
  'bestmatch',
  'title',
  'name',
  'subject',
  'newest',
  'oldest',
] as const;
export type VocabularySort = (typeof VOCABULARY_SORTS)[number];

export interface VocabularySearch {
  q?: string | undefined;
  suggest?: string | undefined;
  tags?: string[] | undefined;
  /** Awards only: keep those of these funders. */
  funders?: string[] | undefined;
  sort?: VocabularySort | undefined;
  page: number;
  size: number;
}

/** Searching and reading vocabularies; the names vocabulary also follows user profiles. */
export function createVocabularyService(db: Database) {
  const cache = new Map<string, Record<string, unknown>>();
  return {
    async search(type: VocabularyType, params: VocabularySearch) {
      if ((params.page - 1) * params.size >= MAX_RESULT_WINDOW) {
        throw new DomainError('invalid', 'invalidQuery');
      }
      const text = (params.q ?? params.suggest ?? '').trim().toLowerCase();
      const conditions: (SQL | undefined)[] = [
        eq(vocabularies.type, type),
        // search_text is stored lower-cased, so a plain LIKE (cheaper than ILIKE) suffices.
        matchTerms(text, (term) => sql`${vocabularies.searchText} LIKE ${term}`),
      ];
      if (params.tags?.length) {
        conditions.push(sql`${vocabularies.tags} && ${toTextArray(params.tags)}`);
      }
      if (params.funders?.length) {
        conditions.push(
          sql`${vocabularies.data}->'funder'->>'id' = ANY(${toTextArray(params.funders)})`,
        );
      }
      const where = and(...conditions);
      const sort = resolveSort(type, params.sort, text);
      // The total rides along with the page: one scan instead of two.
      const hits = await db
        .select({ row: vocabularies, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
        .from(vocabularies)
        .where(where)
        .orderBy(...ordering(sort, text))
        .limit(params.size)
        .offset((params.page - 1) * params.size);
      let total = hits[0]?.total ?? 0;
      if (hits.length === 0 && params.page > 1) {
        const [counted] = await db.select({ total: count() }).from(vocabularies).where(where);
        total = counted?.total ?? 0;
      }
      return { rows: hits.map((hit) => hit.row), total, sort };
    },

    /**
     * Many entries at once, keyed `type:id` (records enrich their references
     * with it). Shipped entries change only when a new version is loaded at
     * start, so they are kept in memory; names follow user profiles and are not.
     */
    async findMany(
      keys: { type: string; id: string }[],
    ): Promise<Map<string, Record<string, unknown>>> {
      const result = new Map<string, Record<string, unknown>>();
      const missing = new Map<string, { type: string; id: string }>();
      for (const key of keys) {
        const name = `${key.type}:${key.id}`;
        const cached = cache.get(name);
        if (cached) result.set(name, cached);
        else missing.set(name, key);
      }
      if (missing.size === 0) return result;
      const rows = await db
        .select({ type: vocabularies.type, id: vocabularies.id, data: vocabularies.data })
        .from(vocabularies)
        .where(
          sql`(${vocabularies.type}, ${vocabularies.id}) IN (${sql.join(
            [...missing.values()].map((key) => sql`(${key.type}, ${key.id})`),
            sql`, `,
          )})`,
        );
      for (const row of rows) {
        const name = `${row.type}:${row.id}`;
        result.set(name, row.data);
        if (row.type !== 'names' && cache.size < CACHE_LIMIT) cache.set(name, row.data);
      }
      return result;
    },

    async read(type: VocabularyType, id: string): Promise<VocabularyRow> {
      const [row] = await db
        .select()
        .from(vocabularies)
        .where(and(eq(vocabularies.type, type), eq(vocabularies.id, id)));
      if (!row) throw notFound();
      return row;
    },

    /**
     * A user with an ORCID iD and a public profile is an entry of the names
     * vocabulary, so the deposit form can suggest them as a creator.
     */
    async syncUserName(user: UserRow): Promise<void> {
      const id = `${USER_NAME_PREFIX}${user.id}`;
      if (!user.orcid || user.visibility !== 'public' || !user.active || !user.fullName) {
        await db
          .delete(vocabularies)
          .where(and(eq(vocabularies.type, 'names'), eq(vocabularies.id, id)));
        return;
      }
      const item = userNameItem(id, user);
      const columns = { data: item, ...indexItem(item), updatedAt: new Date() };
      await db
        .insert(vocabularies)
        .values({ type: 'names', id, ...columns })
        .onConflictDoUpdate({
          target: [vocabularies.type, vocabularies.id],
          set: { ...columns, revisionId: sql`${vocabularies.revisionId} + 1` },
        });
    },
  };
}

function userNameItem(id: string, user: UserRow): VocabularyItem {
  // "Given Family" is the usual way people type their name; split on the last space.
  const full = user.fullName.trim();
  const cut = full.lastIndexOf(' ');
  const given = cut > 0 ? full.slice(0, cut) : '';
  const family = cut > 0 ? full.slice(cut + 1) : full;
  return {
    id,
    name: given ? `${family}, ${given}` : family,
    given_name: given,
    family_name: family,
    identifiers: [{ scheme: 'orcid', identifier: user.orcid }],
    affiliations: user.affiliations
      .split(';')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => ({ name })),
  };
}

function toTextArray(values: string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

function resolveSort(
  type: VocabularyType,
  requested: VocabularySort | undefined,
  text: string,
): VocabularySort {
  if (!requested) return text ? 'bestmatch' : defaultSort(type);
  // Best match without a query has nothing to rank by (API.md §6.2).
  if (requested === 'bestmatch' && !text) return defaultSort(type);
  return requested;
}

// Code-point order: the same on every server, whatever its default collation.
const byLabel = [sql`${vocabularies.sortKey} COLLATE "C"`, sql`${vocabularies.id} COLLATE "C"`];

function ordering(sort: VocabularySort, text: string): SQL[] {
  switch (sort) {
    case 'bestmatch':
      return [
        sql`(lower(${vocabularies.id}) = ${text}) DESC`,
        sql`(${vocabularies.sortKey} = ${text}) DESC`,
        sql`(${vocabularies.sortKey} LIKE ${`${text.replace(/[\\%_]/g, '\\$&')}%`}) DESC`,
        sql`similarity(${vocabularies.searchText}, ${text}) DESC`,
        ...byLabel,
      ];
    case 'newest':
      return [desc(vocabularies.createdAt), ...byLabel];
    case 'oldest':
      return [asc(vocabularies.createdAt), ...byLabel];
    case 'title':
    case 'name':
    case 'subject':
      return byLabel;
  }
}

export type VocabularyService = ReturnType<typeof createVocabularyService>;
