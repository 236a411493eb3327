import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { paginationQuery } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { isoDate } from './serializers/dates.ts';

/** The mail outbox (the embedded stand-in for SMTP), for administrators (the service checks). */
export function outboxRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  return (app, _options, done) => {
    app.get(
      '/api/admin/outbox',
      {
        schema: {
          tags: ['admin'],
          summary: 'Mail written to the outbox, newest first',
          querystring: paginationQuery,
        },
      },
      async (request) => {
        const { page, size } = request.query;
        const { rows, total } = await services.administration.outbox(request.identity, {
          page,
          size,
        });
        return {
          hits: {
            hits: rows.map((row) => ({
              id: String(row.id),
              to: row.recipient,
              subject: row.subject,
              text: row.text,
              html: row.html,
              template: row.template,
              created: isoDate(row.createdAt),
            })),
            total,
          },
          links: paginationLinks(links.api('/admin/outbox'), {}, page, size, total),
        };
      },
    );
    done();
  };
}
