import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/context.ts';
import { tombstoneInput } from '../services/records/tombstone.ts';
import { idParams, itemQuery, recordAnswers } from './record-answers.ts';
import { serializeRequest } from './serializers/request.serializer.ts';

/** The tombstone's fields (removal_reason, note, citation_text, is_visible) and all_versions. */
const deletionBody = z.record(z.string(), z.unknown()).nullish();

/**
 * Deleting published records (InvenioRDM 12-13, API.md §1): an owner asks
 * (deleted at once within the window, else a `record-deletion` request),
 * administrators delete and restore. A deleted record answers 410 with its tombstone.
 */
export function recordDeletionRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const { send } = recordAnswers(config);
  const links = recordAnswers(config).links;
  const tags = ['records'];

  return (app, _options, done) => {
    app.post(
      '/api/records/:id/request-deletion',
      {
        schema: {
          tags,
          summary: "Delete one's own record (within the window) or ask the administrators to",
          params: idParams,
          body: deletionBody,
        },
      },
      async (request, reply) => {
        const outcome = await services.deletionRequests.requestDeletion(
          request.actor,
          request.params.id,
          request.body ?? {},
        );
        if (outcome.deleted) return { deleted: true, request: null };
        return reply
          .status(201)
          .send({ deleted: false, request: serializeRequest(outcome.request, links) });
      },
    );

    app.delete(
      '/api/records/:id/delete',
      {
        schema: {
          tags,
          summary: 'Delete a record, leaving a tombstone (administrators)',
          params: idParams,
          body: deletionBody,
        },
      },
      async (request, reply) => {
        const body = request.body ?? {};
        const input = await tombstoneInput(services.vocabularies, body);
        await services.records.deleteRecord(request.actor, request.params.id, input, {
          allVersions: body.all_versions === true,
        });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/records/:id/restore',
      {
        schema: {
          tags,
          summary: 'Restore a deleted record (administrators)',
          params: idParams,
          querystring: itemQuery,
        },
      },
      async (request, reply) => {
        const view = await services.records.restoreRecord(request.actor, request.params.id, {
          expand: request.query.expand,
        });
        return send(request, reply, view);
      },
    );

    done();
  };
}
