import { MAX_RESULT_WINDOW } from '@arca/schema';
import { DomainError } from './errors.ts';

export type { Page } from './accounts.service.ts';

/** The start of the requested page must fall inside the result window. */
export function checkWindow(page: number, size: number): void {
  if ((page - 1) * size >= MAX_RESULT_WINDOW) throw new DomainError('invalid', 'invalidQuery');
}
