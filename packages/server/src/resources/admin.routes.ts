import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { adminUserCreate, adminUserUpdate, groupCreate, groupUpdate, serialId } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { permissionDenied } from '../services/errors.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { accountPolicy } from '../permissions/accounts.policy.ts';
import { can } from '../permissions/policy.ts';
import { checkWindow, searchQuery } from './query.ts';
import { serializeGroup, serializeUser } from './serializers/user.serializer.ts';

const userId = z.object({ id: serialId });
const groupId = z.object({ id: z.string() });
const membership = z.object({ id: z.string(), userId: serialId });

/** Administrators manage accounts, groups and group membership. */
export function adminRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const assertCan = (request: FastifyRequest, action: 'canManageUsers' | 'canManageGroups') => {
    if (!can(accountPolicy, action, request.identity, { userId: -1 })) throw permissionDenied();
  };
  const tags = ['admin'];

  return (app, _options, done) => {
    app.get(
      '/api/admin/users',
      { schema: { tags, summary: 'All accounts', querystring: searchQuery } },
      async (request) => {
        assertCan(request, 'canManageUsers');
        const { q, suggest, page, size } = request.query;
        checkWindow(page, size);
        const { rows, total } = await services.accounts.list(q ?? suggest ?? '', { page, size });
        return {
          hits: { hits: rows.map((row) => serializeUser(row, request.identity, links)), total },
          links: paginationLinks(links.api('/admin/users'), request.query, page, size, total),
        };
      },
    );

    app.post(
      '/api/admin/users',
      { schema: { tags, summary: 'Create an account', body: adminUserCreate } },
      async (request, reply) => {
        assertCan(request, 'canManageUsers');
        const user = await services.accounts.create(request.body);
        return reply.status(201).send(serializeUser(user, request.identity, links));
      },
    );

    app.get(
      '/api/admin/users/:id',
      { schema: { tags, summary: 'An account', params: userId } },
      async (request) => {
        assertCan(request, 'canManageUsers');
        return serializeUser(
          await services.accounts.get(request.params.id),
          request.identity,
          links,
        );
      },
    );

    app.patch(
      '/api/admin/users/:id',
      { schema: { tags, summary: 'Change an account', params: userId, body: adminUserUpdate } },
      async (request) => {
        assertCan(request, 'canManageUsers');
        const user = await services.accounts.update(request.params.id, request.body);
        return serializeUser(user, request.identity, links);
      },
    );

    app.post(
      '/api/admin/groups',
      { schema: { tags, summary: 'Create a group', body: groupCreate } },
      async (request, reply) => {
        assertCan(request, 'canManageGroups');
        return reply
          .status(201)
          .send(serializeGroup(await services.groups.create(request.body), links, 0));
      },
    );

    app.patch(
      '/api/admin/groups/:id',
      { schema: { tags, summary: 'Change a group', params: groupId, body: groupUpdate } },
      async (request) => {
        assertCan(request, 'canManageGroups');
        return serializeGroup(await services.groups.update(request.params.id, request.body), links);
      },
    );

    app.delete(
      '/api/admin/groups/:id',
      { schema: { tags, summary: 'Delete a group', params: groupId } },
      async (request, reply) => {
        assertCan(request, 'canManageGroups');
        await services.groups.remove(request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/admin/groups/:id/members',
      { schema: { tags, summary: 'Members of a group', params: groupId } },
      async (request) => {
        assertCan(request, 'canManageGroups');
        const members = await services.groups.members(request.params.id);
        return {
          hits: {
            hits: members.map((row) => serializeUser(row, request.identity, links)),
            total: members.length,
          },
        };
      },
    );

    app.put(
      '/api/admin/groups/:id/members/:userId',
      { schema: { tags, summary: 'Add a member', params: membership } },
      async (request, reply) => {
        assertCan(request, 'canManageGroups');
        await services.groups.addMember(request.params.id, request.params.userId);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/api/admin/groups/:id/members/:userId',
      { schema: { tags, summary: 'Remove a member', params: membership } },
      async (request, reply) => {
        assertCan(request, 'canManageGroups');
        await services.groups.removeMember(request.params.id, request.params.userId);
        return reply.status(204).send();
      },
    );
    done();
  };
}
