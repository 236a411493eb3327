import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { commentPayload } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { noDataAsNothing } from './bodies.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { REQUEST_ACTIONS } from '../services/requests/types.ts';
import { checkWindow, facetValues } from './query.ts';
import { eventAuthors, usersByIds } from './request-people.ts';
import { serializeEvent, serializeRequest } from './serializers/request.serializer.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
/**
 * Who or what a request points at, written `type:id` (`user:1`,
 * `community:<uuid>`, `record:<id>`, `group:<name>`, `email:<address>`).
 */
const reference = z
  .string()
  .regex(/^(user|community|record|group|email):.+$/, { error: 'invalidReference' })
  .transform((value) => {
    const at = value.indexOf(':');
    return { type: value.slice(0, at), id: value.slice(at + 1) };
  })
  .optional();
const written = (ref: { type: string; id: string } | undefined) => ref && `${ref.type}:${ref.id}`;
const booleanFlag = z.enum(['true', 'false']).optional();
const eventParams = idParams.extend({ eventId: z.string().min(1).max(100) });
const searchQuery = z.looseObject({
  q: z.string().max(500).optional(),
  sort: z.enum(['bestmatch', 'newest', 'oldest']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(25),
  type: facetValues,
  status: facetValues,
  is_open: booleanFlag,
  created_by: reference.describe('Who made it, as type:id, e.g. user:1'),
  receiver: reference.describe('Who decides, as type:id, e.g. community:<uuid> or user:1'),
  topic: reference.describe('What it is about, as type:id, e.g. record:<id>'),
  shared_with_me: booleanFlag.describe(
    'true: requests I may read that someone else made; false: those I made',
  ),
});
const updateBody = z.object({
  title: z.string({ error: 'notAString' }).trim().max(250, { error: 'tooLong' }).optional(),
  description: z.string({ error: 'notAString' }).max(10_000, { error: 'tooLong' }).optional(),
  payload: z.record(z.string(), z.unknown()).optional(),
});
const expandFlag = z
  .enum(['1', '0', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(25),
  sort: z.enum(['oldest', 'newest']).optional(),
  expand: expandFlag,
});
const commentBody = z.object({
  payload: z.object({ content: z.string(), format: z.literal('html').optional() }),
});

/** The requests API: search, actions, comments and the timeline (API.md §4.3). */
export function requestRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['requests'];

  const expandedUsers = (
    request: FastifyRequest,
    ids: (string | undefined)[],
    namedCreator: string | undefined,
  ) => usersByIds(services, request.actor, ids, namedCreator);

  return (app, _options, done) => {
    const search =
      (mine: boolean, topic?: { type: string; id: string }, path?: string) =>
      async (request: FastifyRequest) => {
        const query = request.query as z.infer<typeof searchQuery>;
        const sort = query.sort ?? 'newest';
        const result = await services.requests.search(request.actor, {
          q: query.q,
          type: query.type,
          status: query.status,
          isOpen: query.is_open === undefined ? undefined : query.is_open === 'true',
          sort,
          page: query.page,
          size: query.size,
          mine,
          createdBy: query.created_by,
          receiver: query.receiver,
          topic: topic ?? query.topic,
          sharedWithMe:
            query.shared_with_me === undefined ? undefined : query.shared_with_me === 'true',
        });
        const base = links.api(path ?? (mine ? '/user/requests' : '/requests'));
        return {
          hits: {
            hits: result.hits.map((view) => serializeRequest(view, links)),
            total: result.total,
          },
          sortBy: sort,
          page: query.page,
          links: paginationLinks(
            base,
            {
              q: query.q,
              sort,
              type: query.type,
              status: query.status,
              is_open: query.is_open,
              created_by: written(query.created_by),
              receiver: written(query.receiver),
              topic: written(query.topic),
              shared_with_me: query.shared_with_me,
            },
            query.page,
            query.size,
            result.total,
          ),
        };
      };
    app.get(
      '/api/requests',
      { schema: { tags, summary: 'Search the requests I may read', querystring: searchQuery } },
      search(false),
    );
    app.get(
      '/api/user/requests',
      { schema: { tags, summary: 'Requests I made or decide', querystring: searchQuery } },
      search(true),
    );

    app.get(
      '/api/requests/:id',
      {
        schema: {
          tags,
          summary: "Read a request (expand=1: with its creator's name)",
          params: idParams,
          // A guest follows their request with its token (read by the actor).
          querystring: z.object({
            expand: expandFlag,
            access_request_token: z.string().max(2000).optional(),
          }),
        },
      },
      async (request, reply) => {
        const view = await services.requests.read(request.actor, request.params.id);
        const users = request.query.expand
          ? await expandedUsers(
              request,
              [view.row.creatorType === 'user' ? view.row.creatorId : undefined],
              view.namedCreator,
            )
          : undefined;
        return reply
          .header('etag', `"${view.row.revisionId}"`)
          .send(serializeRequest(view, links, users));
      },
    );

    app.put(
      '/api/requests/:id',
      {
        schema: {
          tags,
          summary: 'Edit the title, description or payload of my request not yet submitted',
          params: idParams,
          body: updateBody,
        },
      },
      async (request, reply) => {
        const view = await services.requests.update(request.actor, request.params.id, request.body);
        return reply.header('etag', `"${view.row.revisionId}"`).send(serializeRequest(view, links));
      },
    );

    app.delete(
      '/api/requests/:id',
      { schema: { tags, summary: 'Delete my request not yet submitted', params: idParams } },
      async (request, reply) => {
        await services.requests.delete(request.actor, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/records/:id/requests',
      {
        schema: {
          tags,
          summary: 'Requests about a record that I may read',
          params: idParams,
          querystring: searchQuery,
        },
      },
      async (request) => {
        const { id } = request.params;
        return search(false, { type: 'record', id }, `/records/${id}/requests`)(request);
      },
    );

    app.post(
      '/api/requests/:id/actions/:action',
      {
        schema: {
          tags,
          summary: 'Submit, accept, decline, cancel or expire a request, with an optional comment',
          params: idParams.extend({ action: z.enum(REQUEST_ACTIONS) }),
          body: noDataAsNothing(commentPayload),
        },
      },
      async (request) => {
        const view = await services.requests.act(
          request.actor,
          request.params.id,
          request.params.action,
          request.body?.payload?.content,
        );
        return serializeRequest(view, links);
      },
    );

    app.post(
      '/api/requests/:id/comments',
      { schema: { tags, summary: 'Comment on a request', params: idParams, body: commentBody } },
      async (request, reply) => {
        const view = await services.requests.addComment(
          request.actor,
          request.params.id,
          request.body.payload.content,
        );
        return reply.status(201).send(serializeEvent(view, request.params.id, links));
      },
    );

    app.get(
      '/api/requests/:id/comments/:eventId',
      { schema: { tags, summary: 'Read a comment', params: eventParams } },
      async (request) => {
        const view = await services.requests.readComment(
          request.actor,
          request.params.id,
          request.params.eventId,
        );
        return serializeEvent(view, request.params.id, links);
      },
    );

    app.put(
      '/api/requests/:id/comments/:eventId',
      { schema: { tags, summary: 'Edit my comment', params: eventParams, body: commentBody } },
      async (request) => {
        const view = await services.requests.updateComment(
          request.actor,
          request.params.id,
          request.params.eventId,
          request.body.payload.content,
        );
        return serializeEvent(view, request.params.id, links);
      },
    );

    app.delete(
      '/api/requests/:id/comments/:eventId',
      { schema: { tags, summary: 'Delete a comment', params: eventParams } },
      async (request, reply) => {
        await services.requests.deleteComment(
          request.actor,
          request.params.id,
          request.params.eventId,
        );
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/requests/:id/comments/:eventId/reply',
      { schema: { tags, summary: 'Reply to a comment', params: eventParams, body: commentBody } },
      async (request, reply) => {
        const view = await services.requests.addComment(
          request.actor,
          request.params.id,
          request.body.payload.content,
          request.params.eventId,
        );
        return reply.status(201).send(serializeEvent(view, request.params.id, links));
      },
    );

    app.get(
      '/api/requests/:id/comments/:eventId/replies',
      { schema: { tags, summary: 'Replies to a comment', params: eventParams } },
      async (request) => {
        const views = await services.requests.replies(
          request.actor,
          request.params.id,
          request.params.eventId,
        );
        return {
          hits: {
            hits: views.map((view) => serializeEvent(view, request.params.id, links)),
            total: views.length,
          },
        };
      },
    );

    app.get(
      '/api/requests/:id/timeline_focused',
      {
        schema: {
          tags,
          summary: 'The timeline page that holds an event',
          params: idParams,
          querystring: pageQuery.omit({ page: true }).extend({
            focus_event_id: z.string().min(1).max(100),
          }),
        },
      },
      async (request) => {
        const { size, sort, focus_event_id } = request.query;
        const result = await services.requests.timelineFocused(
          request.actor,
          request.params.id,
          focus_event_id,
          size,
          sort === 'newest',
        );
        return {
          hits: {
            hits: result.hits.map((view) => serializeEvent(view, request.params.id, links)),
            total: result.total,
          },
          page: result.page,
          links: paginationLinks(
            links.api(`/requests/${request.params.id}/timeline`),
            { sort: sort ?? 'oldest' },
            result.page,
            size,
            result.total,
          ),
        };
      },
    );

    app.get(
      '/api/requests/:id/timeline',
      {
        schema: {
          tags,
          summary: 'Comments and status changes, oldest first',
          params: idParams,
          querystring: pageQuery,
        },
      },
      async (request) => {
        const { page, size, sort, expand } = request.query;
        checkWindow(page, size);
        const result = await services.requests.timeline(
          request.actor,
          request.params.id,
          page,
          size,
          sort === 'newest',
        );
        const users = expand
          ? await expandedUsers(request, eventAuthors(result.hits), result.namedCreator)
          : undefined;
        return {
          hits: {
            hits: result.hits.map((view) => serializeEvent(view, request.params.id, links, users)),
            total: result.total,
          },
          page,
          links: paginationLinks(
            links.api(`/requests/${request.params.id}/timeline`),
            { sort: sort ?? 'oldest' },
            page,
            size,
            result.total,
          ),
        };
      },
    );

    done();
  };
}
