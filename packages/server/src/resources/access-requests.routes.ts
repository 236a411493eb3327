import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { accessRequest, accessRequestConfirm } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { linkBuilder, type Links } from '../http/links.ts';
import type { RequestView } from '../services/requests/requests.service.ts';
import { serializeRequest } from './serializers/request.serializer.ts';

const recordId = z.object({ id: z.string().min(1).max(100) });
const tokenQuery = z.object({ access_request_token: z.string().max(20_000).optional() });

/** A guest's request, with the token link they follow it by. */
function guestRequestJson(view: RequestView, requestToken: string, links: Links) {
  const json = serializeRequest(view, links) as { links: Record<string, unknown> };
  const page = `${links.html(`/me/requests/${view.row.id}`)}?access_request_token=${requestToken}`;
  return { ...json, access_request_token: requestToken, links: { ...json.links, self_html: page } };
}

/**
 * Access requests (API.md §3.5): asking for a record's restricted files, and
 * the confirmation of a guest's address. What happens next lives in the
 * requests API (`/api/requests/{id}`).
 */
export function accessRequestRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['sharing'];

  return (app, _options, done) => {
    app.post(
      '/api/records/:id/access/request',
      {
        schema: {
          tags,
          summary: 'Ask for access to the restricted files of a record',
          params: recordId,
          body: accessRequest,
        },
      },
      async (request) => {
        const outcome = await services.accessRequests.request(
          request.actor,
          request.params.id,
          request.body,
          request.ip,
        );
        if (outcome.kind === 'user') return serializeRequest(outcome.view, links);
        return { message: request.t('accessRequestVerificationSent') };
      },
    );

    app.post(
      '/api/access/requests/confirm',
      {
        schema: {
          tags,
          summary: "Confirm a guest's access request with the token of their verification link",
          body: accessRequestConfirm,
        },
      },
      async (request) => {
        const { view, requestToken } = await services.accessRequests.confirm(
          request.body.access_request_token,
        );
        return guestRequestJson(view, requestToken, links);
      },
    );

    // The link mailed to a guest: confirming it opens the request page.
    app.get(
      '/access/requests/confirm',
      {
        schema: {
          tags,
          summary: 'The verification link of a guest: confirms and opens the request page',
          querystring: tokenQuery,
        },
      },
      async (request, reply) => {
        const { view, requestToken } = await services.accessRequests.confirm(
          request.query.access_request_token ?? '',
        );
        return reply.redirect(
          `/me/requests/${view.row.id}?access_request_token=${encodeURIComponent(requestToken)}`,
        );
      },
    );

    done();
  };
}
