import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { paginationQuery } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import type { JobRow } from '../services/monitoring.service.ts';
import { searchQuery } from './query.ts';
import { isoDate } from './serializers/dates.ts';

const jobsQuery = paginationQuery.extend({ failed: z.enum(['true', 'false']).optional() });
const jobId = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

const serializeJob = (row: JobRow) => ({
  id: String(row.id),
  kind: row.kind,
  key: row.key,
  attempts: row.attempts,
  error: row.lastError,
  run_at: isoDate(row.runAt),
  created: isoDate(row.createdAt),
});

/** The admin dashboard's counts and the job queue (the service checks who asks). */
export function monitoringRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['admin'];
  return (app, _options, done) => {
    app.get(
      '/api/admin/stats',
      { schema: { tags, summary: 'Counts for the admin dashboard' } },
      async (request) => services.monitoring.stats(request.identity),
    );

    app.get(
      '/api/admin/records',
      {
        schema: {
          tags,
          summary: 'Records, deleted ones and drafts, whatever their access, by title or id',
          querystring: searchQuery,
        },
      },
      async (request) => {
        const { q, page, size } = request.query;
        const { rows, total } = await services.monitoring.records(request.identity, q ?? '', {
          page,
          size,
        });
        return {
          hits: {
            hits: rows.map((row) => ({
              id: row.id,
              title: row.title,
              status: row.status,
              access: row.access,
              owner: row.ownerId === null ? null : String(row.ownerId),
              updated: isoDate(row.updatedAt),
              links: {
                self_html: links.html(
                  row.status === 'draft' ? `/uploads/${row.id}` : `/records/${row.id}`,
                ),
              },
            })),
            total,
          },
          links: paginationLinks(links.api('/admin/records'), q ? { q } : {}, page, size, total),
        };
      },
    );

    app.get(
      '/api/me/quota',
      { schema: { tags: ['auth'], summary: 'My storage and draft quotas, and what I use' } },
      async (request) => {
        const quota = await services.monitoring.ownQuota(request.identity);
        return {
          max_bytes: quota.maxBytes,
          used_bytes: quota.usedBytes,
          max_drafts: quota.maxDrafts,
          open_drafts: quota.openDrafts,
        };
      },
    );

    app.get(
      '/api/admin/jobs',
      { schema: { tags, summary: 'Queued jobs, newest first', querystring: jobsQuery } },
      async (request) => {
        const { page, size, failed } = request.query;
        const { rows, total } = await services.monitoring.jobs(
          request.identity,
          failed === 'true',
          {
            page,
            size,
          },
        );
        return {
          hits: { hits: rows.map(serializeJob), total },
          links: paginationLinks(
            links.api('/admin/jobs'),
            failed ? { failed } : {},
            page,
            size,
            total,
          ),
        };
      },
    );

    app.post(
      '/api/admin/jobs/:id/retry',
      { schema: { tags, summary: 'Run a job again now', params: jobId } },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            serializeJob(await services.monitoring.retryJob(request.identity, request.params.id)),
          ),
    );
    done();
  };
}
