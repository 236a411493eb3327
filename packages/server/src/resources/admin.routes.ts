import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminUserCreate, adminUserUpdate, groupCreate, groupUpdate, serialId } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { searchQuery } from './query.ts';
import { serializeGroup, serializeUser } from './serializers/user.serializer.ts';

const userId = z.object({ id: serialId });
const groupId = z.object({ id: z.string() });
const membership = z.object({ id: z.string(), userId: serialId });
/** A user's quotas (docs/SECURITY.md); null: the configured default. */
const userQuotaBody = z.object({
  max_drafts: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .nullable(),
  max_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
});
const quotaJson = (limits: { maxDrafts: number; maxBytes: number }) => ({
  max_drafts: limits.maxDrafts,
  max_bytes: limits.maxBytes,
});

/** Administrators manage accounts, groups and group membership (the service checks who asks). */
export function adminRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const admin = services.administration;
  const tags = ['admin'];

  return (app, _options, done) => {
    app.get(
      '/api/admin/users',
      { schema: { tags, summary: 'All accounts', querystring: searchQuery } },
      async (request) => {
        const { q, suggest, page, size } = request.query;
        const { rows, total } = await admin.users(request.identity, q ?? suggest ?? '', {
          page,
          size,
        });
        return {
          hits: {
            hits: rows.map((row) => serializeUser(row, request.identity, links, true)),
            total,
          },
          links: paginationLinks(links.api('/admin/users'), request.query, page, size, total),
        };
      },
    );

    app.post(
      '/api/admin/users',
      { schema: { tags, summary: 'Create an account', body: adminUserCreate } },
      async (request, reply) => {
        const user = await admin.createUser(request.identity, request.body);
        return reply.status(201).send(serializeUser(user, request.identity, links, true));
      },
    );

    app.get(
      '/api/admin/users/:id',
      { schema: { tags, summary: 'An account', params: userId } },
      async (request) =>
        serializeUser(
          await admin.user(request.identity, request.params.id),
          request.identity,
          links,
          true,
        ),
    );

    app.patch(
      '/api/admin/users/:id',
      { schema: { tags, summary: 'Change an account', params: userId, body: adminUserUpdate } },
      async (request) => {
        const user = await admin.updateUser(request.identity, request.params.id, request.body);
        return serializeUser(user, request.identity, links, true);
      },
    );

    app.get(
      '/api/admin/users/:id/quota',
      { schema: { tags, summary: "A user's quotas", params: userId } },
      async (request) => {
        const quota = await admin.userQuota(request.identity, request.params.id);
        return { ...quotaJson(quota), used_bytes: quota.usedBytes, open_drafts: quota.openDrafts };
      },
    );

    app.put(
      '/api/admin/users/:id/quota',
      {
        schema: {
          tags,
          summary: "Set a user's quotas: open drafts and stored bytes",
          params: userId,
          body: userQuotaBody,
        },
      },
      async (request) =>
        quotaJson(
          await admin.setUserQuota(request.identity, request.params.id, {
            maxDrafts: request.body.max_drafts,
            maxBytes: request.body.max_bytes,
          }),
        ),
    );

    app.post(
      '/api/admin/groups',
      { schema: { tags, summary: 'Create a group', body: groupCreate } },
      async (request, reply) => {
        const group = await admin.createGroup(request.identity, request.body);
        return reply.status(201).send(serializeGroup(group, links, 0));
      },
    );

    app.patch(
      '/api/admin/groups/:id',
      { schema: { tags, summary: 'Change a group', params: groupId, body: groupUpdate } },
      async (request) =>
        serializeGroup(
          await admin.updateGroup(request.identity, request.params.id, request.body),
          links,
        ),
    );

    app.delete(
      '/api/admin/groups/:id',
      { schema: { tags, summary: 'Delete a group', params: groupId } },
      async (request, reply) => {
        await admin.removeGroup(request.identity, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/admin/groups/:id/members',
      { schema: { tags, summary: 'Members of a group', params: groupId } },
      async (request) => {
        const members = await admin.members(request.identity, request.params.id);
        return {
          hits: {
            hits: members.map((row) => serializeUser(row, request.identity, links, true)),
            total: members.length,
          },
        };
      },
    );

    app.put(
      '/api/admin/groups/:id/members/:userId',
      { schema: { tags, summary: 'Add a member', params: membership } },
      async (request, reply) => {
        await admin.addMember(request.identity, request.params.id, request.params.userId);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/api/admin/groups/:id/members/:userId',
      { schema: { tags, summary: 'Remove a member', params: membership } },
      async (request, reply) => {
        await admin.removeMember(request.identity, request.params.id, request.params.userId);
        return reply.status(204).send();
      },
    );
    done();
  };
}
