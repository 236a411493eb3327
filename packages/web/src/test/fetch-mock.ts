import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Reply = { status: number; body?: unknown; text?: string; type?: string };
/** An answer may take its time: a test can hold it back until something else happened. */
type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export const reply = (status: number, body?: unknown): Reply => ({ status, body });
/** An answer that is not JSON (a formatted citation, an export). */
export const textReply = (status: number, text: string, type = 'text/plain'): Reply => ({
  status,
  text,
  type,
});

/**
 * Replaces `fetch` with a table of `'METHOD /path'` → answer (a reply or a
 * function of the request). Unlisted calls answer 404, so a test sees them.
 * Returns the requests made, in order.
 */
export function mockFetch(routes: Record<string, Reply | Handler>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input, window.location.origin);
      const request: RecordedRequest = {
        method: init.method ?? 'GET',
        path: url.pathname + url.search,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const route =
        routes[`${request.method} ${request.path}`] ?? routes[`${request.method} ${url.pathname}`];
      const answer = typeof route === 'function' ? route(request) : (route ?? notFound(request));
      return Promise.resolve(answer).then(toResponse);
    }),
  );
  return requests;
}

function notFound(request: RecordedRequest): Reply {
  return reply(404, { status: 404, message: `No mock for ${request.method} ${request.path}` });
}

function toResponse({ status, body, text, type }: Reply): Response {
  if (text !== undefined)
    return new Response(text, { status, headers: { 'Content-Type': type ?? '' } });
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
