import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { RecordJson } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { exportable, formatNamed } from '../exports/formats.ts';
import { recordAnswers } from './record-answers.ts';
import { sendExport } from './negotiation.ts';

const exportParams = z.object({
  id: z.string().min(1).max(100),
  format: z.string().min(1).max(50),
});
const exportQuery = z.looseObject({ token: z.string().optional() });

/**
 * Downloads of a record's exports (`/records/{id}/export/{format}`, InvenioRDM's
 * names): the same read as the record API's, so a restricted record's export is
 * refused to whoever may not read its JSON.
 */
export function exportRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const { links, serialize } = recordAnswers(config);
  return (app, _options, done) => {
    app.get(
      '/records/:id/export/:format',
      {
        schema: {
          tags: ['records'],
          summary: 'Download a record in an export format',
          params: exportParams,
          querystring: exportQuery,
        },
      },
      async (request, reply) => {
        const format = formatNamed(request.params.format);
        if (!format) throw new HttpError(404, 'notFound');
        // A secret link's `?token=` is read into the actor, as for the record API.
        const result = await services.records.readRecord(request.actor, request.params.id);
        if ('redirectTo' in result) {
          const token = request.query.token
            ? `?token=${encodeURIComponent(request.query.token)}`
            : '';
          const location = links.html(
            `/records/${result.redirectTo}/export/${format.name}${token}`,
          );
          return reply.status(302).header('location', location).send();
        }
        const record = serialize(request, result) as unknown as RecordJson;
        // This record has no such export (DataCite XML needs a DOI): nothing to download.
        if (!exportable(format, record)) {
          throw new HttpError(404, 'exportNeedsDoi', { params: { format: format.name } });
        }
        void reply.header(
          'content-disposition',
          `attachment; filename="${result.row.id}.${format.extension}"`,
        );
        return sendExport(reply, format, record);
      },
    );
    done();
  };
}
