import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { communityBody, invitationsBody, membersBody } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { LOGO_MAX_BYTES } from '../services/communities/communities.service.ts';
import { facetValues } from './query.ts';
import { serializeCommunity } from './serializers/community.serializer.ts';
import { serializeUser } from './serializers/user.serializer.ts';
import { isoDate } from './serializers/dates.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const searchQuery = z.looseObject({
  q: z.string().max(500).optional(),
  sort: z.enum(['bestmatch', 'newest', 'oldest']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(25),
  visibility: facetValues,
});

/** Communities, their logos and members (API.md §5.1, SPEC §3). */
export function communityRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['communities'];

  return (app, _options, done) => {
    // Logos arrive as raw bytes; the service checks what they really are.
    app.addContentTypeParser(
      /^(application\/octet-stream|image\/[\w.+-]+)(;.*)?$/,
      { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES },
      (_request, body, parsed) => parsed(null, body),
    );

    app.post(
      '/api/communities',
      { schema: { tags, summary: 'Create a community', body: communityBody } },
      async (request, reply) => {
        const view = await services.communities.create(request.actor, request.body);
        return reply.status(201).send(serializeCommunity(view, links));
      },
    );

    const search = (mine: boolean) => async (request: FastifyRequest) => {
      const query = request.query as z.infer<typeof searchQuery>;
      const result = await services.communities.search(request.actor, {
        q: query.q,
        sort: query.sort ?? (query.q ? 'bestmatch' : 'newest'),
        page: query.page,
        size: query.size,
        visibility: query.visibility,
        mine,
      });
      const base = links.api(mine ? '/user/communities' : '/communities');
      const { page, size } = query;
      return {
        hits: {
          hits: result.hits.map((view) => serializeCommunity(view, links)),
          total: result.total,
        },
        sortBy: result.sort,
        page,
        // What the list page may offer: a "New community" button.
        ui: { permissions: { can_create: services.communities.canCreate(request.actor) } },
        links: paginationLinks(base, { q: query.q, sort: result.sort }, page, size, result.total),
      };
    };
    app.get(
      '/api/communities',
      { schema: { tags, summary: 'Search communities', querystring: searchQuery } },
      search(false),
    );
    app.get(
      '/api/user/communities',
      { schema: { tags, summary: 'My communities', querystring: searchQuery } },
      search(true),
    );

    app.get(
      '/api/communities/:id',
      { schema: { tags, summary: 'Read a community by id or slug', params: idParams } },
      async (request, reply) => {
        const view = await services.communities.read(request.actor, request.params.id);
        return reply
          .header('etag', `"${view.row.revisionId}"`)
          .send(serializeCommunity(view, links));
      },
    );

    app.put(
      '/api/communities/:id',
      { schema: { tags, summary: 'Update a community', params: idParams, body: communityBody } },
      async (request) => {
        const view = await services.communities.update(
          request.actor,
          request.params.id,
          request.body,
        );
        return serializeCommunity(view, links);
      },
    );

    app.get(
      '/api/communities/:id/logo',
      { schema: { tags, summary: 'The community logo', params: idParams } },
      async (request, reply) => {
        const logo = await services.communities.readLogo(request.actor, request.params.id);
        return reply
          .type(logo.type)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-cache')
          .send(logo.bytes);
      },
    );

    app.put(
      '/api/communities/:id/logo',
      {
        schema: {
          tags,
          summary: 'Upload the community logo (PNG, JPEG, GIF or WebP)',
          params: idParams,
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new HttpError(400, 'logoType');
        const view = await services.communities.setLogo(
          request.actor,
          request.params.id,
          request.body,
          request.headers['content-type']?.split(';')[0]?.trim().toLowerCase(),
        );
        return serializeCommunity(view, links);
      },
    );

    app.delete(
      '/api/communities/:id/logo',
      { schema: { tags, summary: 'Remove the community logo', params: idParams } },
      async (request, reply) => {
        await services.communities.deleteLogo(request.actor, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/communities/:id/members',
      { schema: { tags, summary: 'Members of a community', params: idParams } },
      async (request) => {
        const { members } = await services.communities.members(request.actor, request.params.id);
        return {
          hits: {
            hits: members.map((m) => ({
              id: String(m.user.id),
              role: m.role,
              visible: m.visible,
              member: { type: 'user', id: String(m.user.id) },
              user: serializeUser(m.user, request.identity, links, m.shown),
              created: isoDate(m.since),
            })),
            total: members.length,
          },
        };
      },
    );

    const changeMembers =
      (mode: 'add' | 'update') => async (request: FastifyRequest, reply: FastifyReply) => {
        const body = request.body as z.infer<typeof membersBody>;
        const { id } = request.params as { id: string };
        const ids = body.members.map((m) => m.id);
        if (mode === 'update' && !body.role && body.visible !== undefined) {
          await services.communities.setVisibility(request.actor, id, ids, body.visible);
          return reply.status(204).send();
        }
        if (!body.role) {
          throw new HttpError(400, 'validation', {
            errors: [{ field: 'role', messages: ['required'] }],
          });
        }
        await services.communities.setMembers(request.actor, id, ids, body.role, mode);
        return reply.status(204).send();
      };
    app.post(
      '/api/communities/:id/members',
      { schema: { tags, summary: 'Add members with a role', params: idParams, body: membersBody } },
      changeMembers('add'),
    );
    app.put(
      '/api/communities/:id/members',
      { schema: { tags, summary: "Change members' role", params: idParams, body: membersBody } },
      changeMembers('update'),
    );
    app.delete(
      '/api/communities/:id/members',
      { schema: { tags, summary: 'Remove members', params: idParams, body: membersBody } },
      async (request, reply) => {
        await services.communities.removeMembers(
          request.actor,
          request.params.id,
          request.body.members.map((m) => m.id),
        );
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/communities/:id/invitations',
      {
        schema: {
          tags,
          summary: 'Invite users with a role and a message',
          params: idParams,
          body: invitationsBody,
        },
      },
      async (request, reply) => {
        const ids = await services.invitations.invite(
          request.actor,
          request.params.id,
          request.body.members.map((m) => m.id),
          request.body.role,
          request.body.message,
        );
        return reply
          .status(201)
          .send({ hits: { hits: ids.map((id) => ({ id })), total: ids.length } });
      },
    );
    app.get(
      '/api/communities/:id/invitations',
      { schema: { tags, summary: 'Open invitations of a community', params: idParams } },
      async (request) => {
        const rows = await services.invitations.list(request.actor, request.params.id);
        return {
          hits: {
            hits: rows.map(({ request: row, user, shown }) => ({
              id: row.id,
              status: row.status,
              role: row.payload.role,
              created: isoDate(row.createdAt),
              expires_at: row.expiresAt ? isoDate(row.expiresAt) : null,
              receiver: { user: String(user.id) },
              user: serializeUser(user, request.identity, links, shown),
              links: { actions: { cancel: links.api(`/requests/${row.id}/actions/cancel`) } },
            })),
            total: rows.length,
          },
        };
      },
    );

    done();
  };
}
