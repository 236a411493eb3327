import { z } from 'zod';

/** Result window: `(page - 1) * size` must stay below this (API.md §6.2). */
export const MAX_RESULT_WINDOW = 10_000;

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(25),
});

/** The `hits` envelope every search and list answers with. */
export interface SearchResult<T> {
  hits: { hits: T[]; total: number };
  sortBy?: string;
  page?: number;
  links: { self: string; prev?: string; next?: string };
  aggregations?: Record<string, unknown>;
}
