import type { ErrorMessageKey, FieldError } from '@arca/schema';

/**
 * An error raised by the HTTP layer itself (a bad header, an unknown
 * route...) in the JSON shape of API.md §0. Services throw DomainError
 * (services/errors.ts) instead; the error handler maps both.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly key: ErrorMessageKey;
  readonly params: Record<string, string | number>;
  readonly fieldErrors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    key: ErrorMessageKey,
    options: {
      params?: Record<string, string | number>;
      errors?: FieldError[];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(key);
    this.status = status;
    this.key = key;
    this.params = options.params ?? {};
    this.fieldErrors = options.errors;
    this.headers = options.headers ?? {};
  }
}
