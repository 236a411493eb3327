import { z } from 'zod';
import { MAX_RESULT_WINDOW, paginationQuery, serialId } from '@arca/schema';
import { HttpError } from '../http/errors.ts';

/** `q` / `suggest` plus pagination, as every search takes them (API.md §6.2). */
export const searchQuery = paginationQuery.extend({
  q: z.string().max(500).optional(),
  suggest: z.string().max(500).optional(),
});

/** A facet filter given once, repeated, or comma-separated: always a list. */
export const facetValues = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : (Array.isArray(value) ? value : [value])
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean),
  );

/** The start of the requested page must fall inside the result window. */
export function checkWindow(page: number, size: number): void {
  if ((page - 1) * size >= MAX_RESULT_WINDOW) throw new HttpError(400, 'invalidPagination');
}

export const idParam = z.object({ id: serialId });
