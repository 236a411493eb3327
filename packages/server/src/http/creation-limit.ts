import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../services/rate-limiter.ts';

/**
 * The routes that create a draft, a community or a request: each call counts
 * against the caller's creations per minute (docs/SECURITY.md, "Quotas and
 * creation rates"). Administrators are not counted.
 */
export const CREATION_ROUTES = new Set([
  'POST /api/records',
  'POST /api/records/:id/versions',
  'POST /api/communities',
  'POST /api/records/:id/access/request',
  'PUT /api/records/:id/draft/review',
  'POST /api/records/:id/draft/quota-increase',
]);

/** Counts, after authentication and validation, the creations of a signed-in user. */
export function registerCreationLimit(app: FastifyInstance, creations: RateLimiter): void {
  app.addHook('preHandler', async (request) => {
    if (!CREATION_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    const { userId, isAdmin } = request.identity;
    if (userId === null || userId === undefined || isAdmin) return;
    await creations.take(`creations:user:${userId}`);
  });
}
