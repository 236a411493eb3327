import { z } from 'zod';
import { serialId } from '@arca/schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/context.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { searchQuery } from './query.ts';
import { avatarSvg } from './serializers/avatar.ts';
import { serializeGroup, serializeUser } from './serializers/user.serializer.ts';

/** Finding people and groups to share with (API.md §5.3); the directory service checks who asks. */
export function userRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const directory = services.directory;

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
        const { q, suggest, page, size } = request.query;
        const { rows, total } = await directory.users(request.identity, q ?? suggest ?? '', {
          page,
          size,
        });
        return {
          hits: {
            hits: rows.map((row) => serializeUser(row, request.identity, links, true)),
            total,
          },
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
        const user = await directory.user(request.identity, request.params.id);
        return serializeUser(user, request.identity, links, true);
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
        const name = await directory.avatarName(request.identity, request.params.id);
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
        const { q, suggest, page, size } = request.query;
        const { rows, total } = await directory.groups(request.identity, q ?? suggest ?? '', {
          page,
          size,
        });
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
        return serializeGroup(await directory.group(request.identity, request.params.id), links);
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
