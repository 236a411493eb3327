import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { paginationQuery } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { stateOf, type PidRow } from '../services/pids/registrations.service.ts';
import { isoDate } from './serializers/dates.ts';

const retryBody = z.object({ doi: z.string().min(3).max(300) });

/** Failed DOI registrations, for administrators (the service checks who asks). */
export function doiRegistrationRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['admin'];
  const serialize = (row: PidRow) => ({
    doi: row.identifier,
    object_id: row.objectId,
    target: row.agencyTarget,
    ...stateOf(row),
    error: row.agencyError,
    updated: row.agencyUpdatedAt ? isoDate(row.agencyUpdatedAt) : null,
    links: { record_html: links.html(`/records/${row.objectId}`) },
  });

  return (app, _options, done) => {
    app.get(
      '/api/admin/doi-registrations',
      {
        schema: {
          tags,
          summary: 'DOIs whose last registration attempt at DataCite failed, newest first',
          querystring: paginationQuery,
        },
      },
      async (request) => {
        const { page, size } = request.query;
        const { rows, total } = await services.dois.failures(request.identity, { page, size });
        return {
          enabled: services.dois.enabled,
          hits: { hits: rows.map(serialize), total },
          links: paginationLinks(links.api('/admin/doi-registrations'), {}, page, size, total),
        };
      },
    );

    app.post(
      '/api/admin/doi-registrations/retry',
      { schema: { tags, summary: "Try a DOI's registration again now", body: retryBody } },
      async (request, reply) => {
        const row = await services.dois.retry(request.identity, request.body.doi);
        return reply.status(202).send(serialize(row));
      },
    );
    done();
  };
}
