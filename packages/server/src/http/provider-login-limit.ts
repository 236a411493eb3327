import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../services/rate-limiter.ts';

/**
 * The routes that start or finish a sign-in at an identity provider: each
 * costs a discovery, a token exchange or a signature check, and must not be
 * an open door for guessing, so each request counts against its client
 * address (docs/SECURITY.md, "Rate limits hold under concurrency").
 */
export const PROVIDER_LOGIN_ROUTES = new Set([
  'GET /api/auth/oidc/:provider/login',
  'GET /api/auth/oidc/:provider/callback',
  'POST /api/me/identities/:provider',
  'GET /api/auth/saml/login',
  'POST /api/auth/saml/acs',
  // Single logout checks a signature too.
  'GET /api/auth/saml/slo',
]);

/** Counts before the body is read, so a refused caller costs nothing more. */
export function registerProviderLoginLimit(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRequest', async (request) => {
    if (!PROVIDER_LOGIN_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    await limiter.take(`provider-login:address:${request.ip}`);
  });
}
