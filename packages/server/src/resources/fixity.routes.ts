import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { paginationQuery } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import type { FixityFailure } from '../services/files/fixity.ts';
import { isoDate } from './serializers/dates.ts';

/** Stored files the fixity check found changed or missing, for administrators (the service checks who asks). */
export function fixityRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const serialize = (row: FixityFailure) => ({
    object_id: row.objectId,
    failed: isoDate(row.failedAt),
    checked: row.checkedAt ? isoDate(row.checkedAt) : null,
    size: row.size,
    files: row.files.map((file) => ({
      record_id: file.recordId,
      draft: file.draft,
      key: file.key,
      links: {
        record_html: links.html(`/records/${file.recordId}${file.draft ? '?preview=1' : ''}`),
      },
    })),
  });

  return (app, _options, done) => {
    app.get(
      '/api/admin/fixity-failures',
      {
        schema: {
          tags: ['admin'],
          summary: 'Stored files whose bytes no longer match their checksums, newest failure first',
          querystring: paginationQuery,
        },
      },
      async (request) => {
        const { page, size } = request.query;
        const { rows, total } = await services.fixity.failures(request.identity, { page, size });
        return {
          hits: { hits: rows.map(serialize), total },
          links: paginationLinks(links.api('/admin/fixity-failures'), {}, page, size, total),
        };
      },
    );
    done();
  };
}
