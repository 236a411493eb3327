import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { anonymous, type Identity } from '../permissions/policy.ts';
import { safeEqual } from '../auth/secrets.ts';
import type { AppContext } from './context.ts';
import { HttpError } from './errors.ts';

export const SESSION_COOKIE = 'session';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Works out who is calling, once per API request (and record page): a Bearer token (for
 * scripts, no CSRF), else the session cookie, whose unsafe requests must
 * carry the CSRF token bound to the session in the X-CSRFToken header.
 */
export function registerAuthentication(
  app: FastifyInstance,
  { config, services }: AppContext,
): void {
  const unverified = (verified: boolean) =>
    config.accounts.requireVerifiedEmail && !verified ? { emailUnverified: true } : {};
  // Set per request by the hook below; Fastify wants a primitive placeholder.
  app.decorateRequest('identity', null as unknown as Identity);
  app.decorateRequest('authMethod', null);

  app.addHook('onRequest', async (request) => {
    request.identity = { ...anonymous, address: request.ip };
    request.authMethod = null;
    // Record pages too: their first HTML carries the record's head only for readers.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/records/')) return;

    const authorization = request.headers.authorization;
    if (authorization && /^bearer\b/i.test(authorization)) {
      const token = authorization.slice('bearer'.length).trim();
      // An empty "Bearer " header is treated as no credentials at all.
      if (token) {
        const owner = await services.tokens.resolve(token);
        if (!owner) throw new HttpError(401, 'invalidToken');
        request.identity = {
          userId: owner.userId,
          isAdmin: owner.isAdmin,
          isSystem: false,
          groups: owner.groups,
          ...unverified(owner.emailVerified),
          address: request.ip,
        };
        request.authMethod = 'token';
        return;
      }
    }

    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return;
    const session = await services.sessions.resolve(cookie);
    if (!session) return;
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !safeEqual(header, session.csrfToken)) {
        throw new HttpError(403, 'csrfMissing');
      }
    }
    request.identity = {
      userId: session.userId,
      isAdmin: session.isAdmin,
      isSystem: false,
      groups: session.groups,
      communities: session.communities,
      ...unverified(session.emailVerified),
      address: request.ip,
    };
    request.authMethod = 'session';
  });
}

/** Sets the session cookie and the CSRF cookie the web app copies into X-CSRFToken. */
export function setSessionCookies(
  reply: FastifyReply,
  secure: boolean,
  session: { token: string; csrfToken: string; expiresAt: Date },
): void {
  const common = { path: '/', sameSite: 'lax' as const, secure, expires: session.expiresAt };
  reply.setCookie(SESSION_COOKIE, session.token, { ...common, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...common, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure });
}

/** The caller's user id, or a 403 for anonymous callers (InvenioRDM answers 403, API.md §0). */
export function requireUser(request: FastifyRequest): number {
  if (request.identity.userId === null) throw new HttpError(403, 'permissionDenied');
  return request.identity.userId;
}
