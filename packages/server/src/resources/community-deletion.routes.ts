import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { paginationQuery } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { serializeCommunity } from './serializers/community.serializer.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** The tombstone's fields: `removal_reason` (from the removal reasons), `note`, `is_visible`. */
const deletionBody = z.record(z.string(), z.unknown()).nullish();
const adminQuery = paginationQuery.extend({
  q: z.string().max(500).optional(),
  status: z.enum(['published', 'deleted']).optional(),
  visibility: z.enum(['public', 'restricted']).optional(),
});

/**
 * Deleting and restoring communities (invenio-communities `delete_community`,
 * `restore_community`), and the administration's list of every community.
 * A deleted community answers 410 with its tombstone (kit.ts `readable`).
 */
export function communityDeletionRoutes({
  config,
  services,
}: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['communities'];

  return (app, _options, done) => {
    app.delete(
      '/api/communities/:id',
      {
        schema: {
          tags,
          summary: 'Delete a community, leaving a tombstone (owners and administrators)',
          params: idParams,
          body: deletionBody,
        },
      },
      async (request, reply) => {
        await services.communityDeletion.delete(
          request.actor,
          request.params.id,
          request.body ?? {},
        );
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/communities/:id/restore',
      {
        schema: {
          tags,
          summary: 'Restore a deleted community (administrators)',
          params: idParams,
        },
      },
      async (request) => {
        const view = await services.communityDeletion.restore(request.actor, request.params.id);
        return serializeCommunity(view, links);
      },
    );

    app.get(
      '/api/admin/communities',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every community, deleted and restricted ones included (administrators)',
          querystring: adminQuery,
        },
      },
      async (request) => {
        const { q, status, visibility, page, size } = request.query;
        const result = await services.communities.searchAll(request.actor, {
          q,
          status,
          visibility,
          page,
          size,
        });
        return {
          hits: {
            hits: result.hits.map((view) => serializeCommunity(view, links)),
            total: result.total,
          },
          links: paginationLinks(
            links.api('/admin/communities'),
            { q, status, visibility },
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
