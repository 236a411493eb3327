import type { FastifyInstance } from 'fastify';

/** The path with every run of slashes merged into one; the query string is kept as sent. */
export function mergedUrl(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('//')) return undefined;
  return path.replace(/\/{2,}/g, '/') + (queryAt === -1 ? '' : url.slice(queryAt));
}

/**
 * `POST /api//records/x/draft/files` answers 308 to `/api/records/x/draft/files`,
 * as InvenioRDM does (Werkzeug's `merge_slashes`): clients that join a base URL
 * ending in `/` with a path starting with `/` follow it, method and body kept.
 * Runs before anything reads the request, for every method and path.
 */
export function registerMergeSlashes(app: FastifyInstance, siteUrl: string): void {
  app.addHook('onRequest', (request, reply, done) => {
    const merged = mergedUrl(request.raw.url ?? request.url);
    if (merged === undefined) return done();
    const location = `${siteUrl}${merged}`;
    void reply
      .status(308)
      .header('location', location)
      .type('application/json')
      .send({ status: 308, message: request.t('redirecting'), location });
  });
}
