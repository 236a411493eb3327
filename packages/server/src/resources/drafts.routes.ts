import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/context.ts';
import { titleOf } from '../services/sharing/link-uses.service.ts';
import {
  expectedRevision,
  idParams,
  itemQuery,
  optional,
  recordAnswers,
  recordBody,
} from './record-answers.ts';

/** Drafts (API.md §1, §4.1): create, save, discard, edit, publish, and their DOI. */
export function draftRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const { send } = recordAnswers(config);
  const tags = ['records'];

  return (app, _options, done) => {
    app.post(
      '/api/records',
      { schema: { tags, summary: 'Create a draft', querystring: itemQuery, body: recordBody } },
      async (request, reply) => {
        const view = await services.records.create(
          request.actor,
          request.body ?? {},
          request.query,
        );
        return send(request, reply, view, 201);
      },
    );

    app.get(
      '/api/records/:id/draft',
      { schema: { tags, summary: 'Read a draft', params: idParams, querystring: itemQuery } },
      async (request, reply) => {
        const view = await services.records.readDraft(
          request.actor,
          request.params.id,
          request.query,
        );
        await services.linkUses.spend(request.actor, {
          action: 'canReadDraft',
          facts: view.facts,
          recordId: view.row.id,
          title: titleOf(view.document.metadata),
          draft: true,
        });
        return send(request, reply, view);
      },
    );

    app.put(
      '/api/records/:id/draft',
      {
        schema: {
          tags,
          summary: 'Save a draft',
          params: idParams,
          querystring: itemQuery,
          body: recordBody,
        },
      },
      async (request, reply) => {
        const view = await services.records.updateDraft(
          request.actor,
          request.params.id,
          request.body ?? {},
          {
            ...request.query,
            ...optional('expectedRevision', expectedRevision(request)),
          },
        );
        return send(request, reply, view);
      },
    );

    app.delete(
      '/api/records/:id/draft',
      { schema: { tags, summary: 'Discard a draft', params: idParams, querystring: itemQuery } },
      async (request, reply) => {
        await services.records.deleteDraft(
          request.actor,
          request.params.id,
          expectedRevision(request),
        );
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/records/:id/draft',
      {
        schema: {
          tags,
          summary: 'Edit a published record',
          params: idParams,
          querystring: itemQuery,
        },
      },
      async (request, reply) => {
        const view = await services.records.edit(request.actor, request.params.id, request.query);
        return send(request, reply, view, 201);
      },
    );

    app.post(
      '/api/records/:id/draft/actions/publish',
      { schema: { tags, summary: 'Publish a draft', params: idParams, querystring: itemQuery } },
      async (request, reply) => {
        const view = await services.records.publish(
          request.actor,
          request.params.id,
          request.query,
        );
        return send(request, reply, view, 202);
      },
    );

    const pidParams = idParams.extend({ scheme: z.literal('doi') });
    app.post(
      '/api/records/:id/draft/pids/:scheme',
      { schema: { tags, summary: 'Reserve a DOI', params: pidParams, querystring: itemQuery } },
      async (request, reply) => {
        const view = await services.records.reserveDoi(
          request.actor,
          request.params.id,
          request.query,
        );
        return send(request, reply, view, 201);
      },
    );

    app.delete(
      '/api/records/:id/draft/pids/:scheme',
      {
        schema: {
          tags,
          summary: 'Discard a reserved DOI',
          params: pidParams,
          querystring: itemQuery,
        },
      },
      async (request, reply) => {
        const view = await services.records.discardDoi(
          request.actor,
          request.params.id,
          request.query,
        );
        return send(request, reply, view);
      },
    );

    done();
  };
}
