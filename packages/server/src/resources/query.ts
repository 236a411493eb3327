import { z } from 'zod';
import { paginationQuery, serialId } from '@arca/schema';

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

export { checkWindow } from '../services/pagination.ts';

export const idParam = z.object({ id: serialId });
