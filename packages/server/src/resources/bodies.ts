import { z } from 'zod';

/**
 * A body that is optional data: no body, `{}` and `[]` all mean "nothing",
 * as InvenioRDM's resources read `resource_requestctx.data or {}`.
 */
export function noDataAsNothing<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (Array.isArray(value) && value.length === 0 ? undefined : value),
    schema.nullish(),
  );
}
