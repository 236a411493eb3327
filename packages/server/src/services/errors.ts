import type { ErrorMessageKey, FieldError } from '@arca/schema';

/**
 * What went wrong, in the domain's words. Services throw these and never
 * speak HTTP; the error handler (http/error-handler.ts) gives each kind its
 * status once.
 */
export type DomainErrorKind =
  /** The input breaks a rule (a field, a state that does not allow the action). */
  | 'invalid'
  /** The caller did not prove who they are. */
  | 'unauthenticated'
  /** The caller may not do this. */
  | 'forbidden'
  | 'notFound'
  /** The action collides with the current state (a concurrent change, a duplicate). */
  | 'conflict'
  /** The caller's copy is out of date (a revision precondition failed). */
  | 'stale'
  | 'tooLarge'
  /** Too many attempts; `retryAfterSeconds` says when to try again. */
  | 'tooMany'
  /** It existed and was removed: a deleted record (its tombstone in `extra`). */
  | 'gone';

/** A domain error; its message is a key of the shared catalogue, translated when sent. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly key: ErrorMessageKey;
  readonly params: Record<string, string | number>;
  readonly fieldErrors: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** More of the body, beside status and message (a deleted record's `tombstone`). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    kind: DomainErrorKind,
    key: ErrorMessageKey,
    options: {
      params?: Record<string, string | number>;
      errors?: FieldError[];
      retryAfterSeconds?: number;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(key);
    this.kind = kind;
    this.key = key;
    this.params = options.params ?? {};
    this.fieldErrors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra;
  }
}

export const notFound = () => new DomainError('notFound', 'notFound');
/** No record or draft has this id (InvenioRDM's PIDDoesNotExistError). */
export const pidNotFound = () => new DomainError('notFound', 'pidNotFound');
export const permissionDenied = () => new DomainError('forbidden', 'permissionDenied');

/**
 * A refusal of a record: when the caller holds one of its secret links that
 * was refused (used up, or bound to another browser), it says so.
 */
export function recordDenied(
  actor: { refusedLinks?: { parentId: string; reason: ErrorMessageKey }[] } | null,
  parentId: string,
): DomainError {
  const refused = actor?.refusedLinks?.find((link) => link.parentId === parentId);
  return refused ? new DomainError('forbidden', refused.reason) : permissionDenied();
}

/** Validation failures keyed by field path (severity where given). */
export const validationFailed = (errors: FieldError[]) =>
  new DomainError('invalid', 'validation', { errors });

/** A failure of one field, with a message from the validation catalogue. */
export function fieldError(field: string, message: string): DomainError {
  return validationFailed([{ field, messages: [message] }]);
}
