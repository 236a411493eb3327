import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { auditQuery, paginationQuery } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';

const recordId = z.object({ id: z.string().min(1).max(100) });

/**
 * The audit log: all of it for administrators, a record's access history for
 * those who may manage its access (the audit service asks the policies).
 */
export function auditRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  return (app, _options, done) => {
    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags: ['admin'],
          summary: 'Audit log entries, newest first, filtered',
          querystring: auditQuery,
        },
      },
      async (request) => {
        const query = request.query;
        const { hits, total } = await services.audit.search(request.identity, query);
        return {
          hits: { hits, total },
          links: paginationLinks(links.api('/admin/audit'), query, query.page, query.size, total),
        };
      },
    );

    app.get(
      '/api/records/:id/access/history',
      {
        schema: {
          tags: ['sharing'],
          summary: "A record's access history (grants, links, settings, publication, deletion)",
          params: recordId,
          querystring: paginationQuery,
        },
      },
      async (request) => {
        const { page, size } = request.query;
        const { id } = request.params;
        const window = { page, size };
        const { hits, total } = await services.audit.recordHistory(request.actor, id, window);
        const base = links.api(`/records/${encodeURIComponent(id)}/access/history`);
        return { hits: { hits, total }, links: paginationLinks(base, {}, page, size, total) };
      },
    );
    done();
  };
}
