import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { commentPayload } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { noDataAsNothing } from './bodies.ts';
import { linkBuilder } from '../http/links.ts';
import type { RequestView } from '../services/requests/requests.service.ts';
import { serializeRequest } from './serializers/request.serializer.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** A draft's community review (API.md §4.2). */
export function reviewRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['records'];

  return (app, _options, done) => {
    app.get(
      '/api/records/:id/draft/review',
      { schema: { tags, summary: "Read a draft's review", params: idParams } },
      async (request) => {
        const view = await services.reviews.read(request.actor, request.params.id);
        return serializeRequest(view, links);
      },
    );

    app.put(
      '/api/records/:id/draft/review',
      {
        schema: {
          tags,
          summary: 'Choose the community to submit the draft to',
          params: idParams,
          body: z.record(z.string(), z.unknown()).nullish(),
        },
      },
      async (request) => {
        const view = await services.reviews.put(
          request.actor,
          request.params.id,
          request.body ?? {},
        );
        return serializeRequest(view, links);
      },
    );

    app.delete(
      '/api/records/:id/draft/review',
      { schema: { tags, summary: "Remove a draft's review", params: idParams } },
      async (request, reply) => {
        await services.reviews.delete(request.actor, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/records/:id/draft/actions/submit-review',
      {
        schema: {
          tags,
          summary: 'Submit the draft for review, with an optional comment',
          params: idParams,
          body: noDataAsNothing(commentPayload.extend({ require_review: z.boolean().optional() })),
        },
      },
      async (request, reply) => {
        const view: RequestView = await services.reviews.submit(
          request.actor,
          request.params.id,
          request.body?.payload?.content,
        );
        const body = serializeRequest(view, links);
        // The form goes to the request while it is open, else to the published record.
        const next =
          view.row.status === 'submitted'
            ? links.html(`/me/requests/${view.row.id}`)
            : links.html(`/records/${view.row.topicId}`);
        return reply
          .status(202)
          .send({ ...body, links: { ...(body.links as object), next_html: next } });
      },
    );

    done();
  };
}
