import { z } from 'zod';
import { serialId } from '@arca/schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/context.ts';
import { permissionDenied } from '../services/errors.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { accountPolicy } from '../permissions/accounts.policy.ts';
import { can } from '../permissions/policy.ts';
import { checkWindow, searchQuery } from './query.ts';
import { avatarSvg } from './serializers/avatar.ts';
import { serializeGroup, serializeUser } from './serializers/user.serializer.ts';

const anyone = { userId: -1 };

/** Finding people and groups to share with (API.md §5.3). */
export function userRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);

  return (app, _options, done) => {
    app.get(
      '/api/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Search users with a public profile',
          querystring: searchQuery,
        },
      },
      async (request) => {
        if (!can(accountPolicy, 'canSearchUsers', request.identity, anyone))
          throw permissionDenied();
        const { q, suggest, page, size } = request.query;
        checkWindow(page, size);
        const { rows, total } = await services.accounts.searchPublic(q ?? suggest ?? '', {
          page,
          size,
        });
        return {
          hits: { hits: rows.map((row) => serializeUser(row, request.identity, links)), total },
          links: paginationLinks(links.api('/users'), request.query, page, size, total),
        };
      },
    );

    app.get(
      '/api/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'A user',
          params: z.object({ id: serialId }),
        },
      },
      async (request) => {
        const user = await services.accounts.get(request.params.id);
        const own = can(accountPolicy, 'canReadOwnAccount', request.identity, { userId: user.id });
        if (!own && (user.visibility !== 'public' || !user.active)) throw permissionDenied();
        return serializeUser(user, request.identity, links);
      },
    );

    app.get(
      '/api/users/:id/avatar.svg',
      {
        schema: {
          tags: ['users'],
          summary: 'A user avatar',
          params: z.object({ id: serialId }),
        },
      },
      async (request, reply) => {
        const user = await services.accounts.get(request.params.id);
        // Initials would reveal the name of a private profile.
        const own = can(accountPolicy, 'canReadOwnAccount', request.identity, { userId: user.id });
        const name = user.visibility === 'public' || own ? user.fullName || user.email : '';
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'private, max-age=3600')
          .send(avatarSvg(name));
      },
    );

    app.get(
      '/api/groups',
      { schema: { tags: ['groups'], summary: 'Search groups', querystring: searchQuery } },
      async (request) => {
        if (!can(accountPolicy, 'canSearchGroups', request.identity, anyone))
          throw permissionDenied();
        const { q, suggest, page, size } = request.query;
        checkWindow(page, size);
        const { rows, total } = await services.groups.search(q ?? suggest ?? '', { page, size });
        return {
          hits: { hits: rows.map((row) => serializeGroup(row, links)), total },
          links: paginationLinks(links.api('/groups'), request.query, page, size, total),
        };
      },
    );

    app.get(
      '/api/groups/:id',
      { schema: { tags: ['groups'], summary: 'A group', params: z.object({ id: z.string() }) } },
      async (request) => {
        if (!can(accountPolicy, 'canSearchGroups', request.identity, anyone))
          throw permissionDenied();
        return serializeGroup(await services.groups.get(request.params.id), links);
      },
    );

    app.get(
      '/api/groups/:id/avatar.svg',
      {
        schema: {
          tags: ['groups'],
          summary: 'A group avatar',
          params: z.object({ id: z.string() }),
        },
      },
      async (request, reply) => {
        const group = await services.groups.get(request.params.id);
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=3600')
          .send(avatarSvg(group.title || group.id));
      },
    );
    done();
  };
}
