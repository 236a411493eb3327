import type { CommunityTombstone, ErrorBody, FieldError, Tombstone } from '@arca/schema';

/** InvenioRDM's JSON media type: the API answers it for every resource. */
export const API_MEDIA_TYPE = 'application/vnd.inveniordm.v1+json';

const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'X-CSRFToken';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Methods that change state: the server wants the CSRF double-submit header on them. */
const UNSAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A non-2xx answer of the API, with the server's (already translated) message. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  /** The Accept-Language of the request: the language the message is worded in. */
  readonly language: string | undefined;
  /** A deleted record's or community's tombstone (its 410). */
  readonly tombstone: Tombstone | CommunityTombstone | undefined;

  constructor(body: ErrorBody, language?: string) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.status;
    this.errors = body.errors ?? [];
    this.language = language;
    this.tombstone = body.tombstone;
  }
}

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. `If-Match` on a draft save. */
  headers?: Record<string, string>;
}

let requestLanguage: string | undefined;

/** The UI language, sent as Accept-Language so server messages come back in it. */
export function setRequestLanguage(language: string): void {
  requestLanguage = language;
}

/** The language API calls are worded in now (their Accept-Language). */
export function currentRequestLanguage(): string | undefined {
  return requestLanguage;
}

/** Reads a cookie at call time: the server may rotate the CSRF token on login. */
export function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function buildHeaders(method: HttpMethod, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: API_MEDIA_TYPE });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (requestLanguage) headers.set('Accept-Language', requestLanguage);
  if (UNSAFE_METHODS.has(method)) {
    const csrfToken = readCookie(CSRF_COOKIE);
    if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
  }
  return headers;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

function itemMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return undefined;
  const errors = body.errors;
  if (!Array.isArray(errors)) return undefined;
  const message: unknown = (errors[0] as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

async function toApiError(response: Response, language: string | undefined): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  if (isErrorBody(body)) return new ApiError({ ...body, status: response.status }, language);
  // Answers per item (a record's communities: `{"errors": [{"community_id", "message"}]}`)
  // carry no message of their own: the first item's says what went wrong.
  const first = itemMessage(body);
  if (first !== undefined)
    return new ApiError({ status: response.status, message: first }, language);
  // Not our JSON (a proxy's HTML page, say): the UI falls back to its own text.
  return new ApiError({ status: response.status, message: '' });
}

/**
 * Calls the API and returns its JSON answer (undefined for 204).
 * Throws ApiError for a non-2xx answer; a network failure rejects as fetch does.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const hasBody = body !== undefined;
  const headers = buildHeaders(method, hasBody);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  if (!response.ok) throw await toApiError(response, headers.get('Accept-Language') ?? undefined);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A GET whose answer is text in another media type (`text/x-bibliography`), not JSON. */
export async function apiText(path: string, accept: string, signal?: AbortSignal): Promise<string> {
  const headers = buildHeaders('GET', false);
  headers.set('Accept', accept);
  const response = await fetch(path, { headers, credentials: 'same-origin', signal });
  if (!response.ok) throw await toApiError(response, headers.get('Accept-Language') ?? undefined);
  return response.text();
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: (path: string) => apiRequest<void>(path, { method: 'DELETE' }),
};

/** Sends a file's bytes as the body, in its own media type (a community logo); JSON back. */
export async function apiUpload<T>(
  path: string,
  file: Blob,
  method: HttpMethod = 'PUT',
): Promise<T> {
  const headers = buildHeaders(method, false);
  headers.set('Content-Type', file.type || 'application/octet-stream');
  const response = await fetch(path, { method, headers, credentials: 'same-origin', body: file });
  if (!response.ok) throw await toApiError(response, headers.get('Accept-Language') ?? undefined);
  return (await response.json()) as T;
}
