import type { ErrorMessageKey, FieldError } from '@arca/schema';

/**
 * An error that becomes an API error response (API.md §0). The message is a
 * key of the shared catalogue, translated per request when it is sent.
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

export const notFound = () => new HttpError(404, 'notFound');
export const permissionDenied = () => new HttpError(403, 'permissionDenied');

/** A 400 for one field, with a message from the validation catalogue. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, 'validation', { errors: [{ field, messages: [message] }] });
}
