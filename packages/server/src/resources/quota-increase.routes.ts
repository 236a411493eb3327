import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/context.ts';
import { linkBuilder } from '../http/links.ts';
import { QUOTA_SCOPES } from '../services/quota-requests/quota-increase-type.ts';
import type { RequestView } from '../services/requests/requests.service.ts';
import { idParams } from './record-answers.ts';
import { serializeRequest } from './serializers/request.serializer.ts';

/** A petabyte: more than any single deposit needs, and exact as a JSON number. */
export const MAX_ASKED_BYTES = 2 ** 50;
export const MAX_REASON_LENGTH = 2000;

const askBody = z.object({
  scope: z.enum(QUOTA_SCOPES, { error: 'invalidChoice' }).default('record'),
  size: z
    .number({ error: 'notAnInteger' })
    .int({ error: 'notAnInteger' })
    .min(1, { error: 'quotaSizeNotLarger' })
    .max(MAX_ASKED_BYTES, { error: 'quotaSizeTooLarge' }),
  reason: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(MAX_REASON_LENGTH, { error: 'tooLong' }),
});

/**
 * Asking for more storage (InvenioRDM's `links.quota_increase` on a draft):
 * the owner reads their open requests and makes a `quota-increase` request
 * to the administrators, who decide it with the generic request actions.
 */
export function quotaIncreaseRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['drafts'];
  const serialize = (view: RequestView | null) => view && serializeRequest(view, links);

  return (app, _options, done) => {
    app.get(
      '/api/records/:id/draft/quota-increase',
      {
        schema: {
          tags,
          summary: "The owner's open requests for more storage (the record's and their own)",
          params: idParams,
        },
      },
      async (request) => {
        const open = await services.quotaRequests.open(request.actor, request.params.id);
        return { record: serialize(open.record), user: serialize(open.user) };
      },
    );

    app.post(
      '/api/records/:id/draft/quota-increase',
      {
        schema: {
          tags,
          summary: 'Ask the administrators for more storage for the record or for oneself',
          params: idParams,
          body: askBody,
        },
      },
      async (request, reply) => {
        const view = await services.quotaRequests.ask(
          request.actor,
          request.params.id,
          request.body,
        );
        return reply.status(201).send(serializeRequest(view, links));
      },
    );

    done();
  };
}
