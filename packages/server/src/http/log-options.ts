import type { FastifyRequest } from 'fastify';

// Secrets that travel in query strings: secret links, guest request tokens, signed part URLs.
const SECRET_PARAMS = ['token', 'access_request_token', 'signature'];

/** The URL as logged: secret query parameters replaced, so a log grants no access. */
export function withoutSecrets(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const params = new URLSearchParams(url.slice(start + 1));
  const secrets = SECRET_PARAMS.filter((name) => params.has(name));
  if (secrets.length === 0) return url;
  for (const name of secrets) params.set(name, 'redacted');
  return `${url.slice(0, start)}?${params.toString()}`;
}

/**
 * Pino options of the app's log: each request's method, URL without secrets, host and
 * address; never its headers (cookies, bearer tokens) nor its body (passwords).
 */
export function logOptions(level: string) {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: withoutSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
