import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../http/context.ts';
import { translateMessage } from '../http/error-handler.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import type { ChoiceError } from '../services/communities/record-communities.service.ts';
import { facetValues } from './query.ts';
import { serializeCommunity } from './serializers/community.serializer.ts';
import { serializeRequest } from './serializers/request.serializer.ts';

/** At most this many communities per call (rdm-records `max_number_of_additions/removals`). */
export const MAX_COMMUNITIES_PER_CALL = 10;

const idParams = z.object({ id: z.string().min(1).max(100) });

const comment = z.union([
  z.string({ error: 'notAString' }),
  z.object({
    payload: z.object({
      content: z.string({ error: 'notAString' }),
      format: z.string().optional(),
    }),
  }),
]);

const choice = z.object({
  id: z.string({ error: 'required' }).min(1, { error: 'required' }).max(100, { error: 'tooLong' }),
  comment: comment.optional(),
  require_review: z.boolean({ error: 'notABoolean' }).optional(),
});

/** `{"communities": [{"id": …}, …]}`: one to ten, each once (rdm-records `RecordCommunitiesSchema`). */
const communitiesBody = z.object(
  {
    communities: z
      .array(choice, { error: (issue) => (issue.input === undefined ? 'required' : 'notAList') })
      .min(1, { error: 'listTooShort' })
      .max(MAX_COMMUNITIES_PER_CALL, { error: 'tooManyCommunities' })
      .refine((list) => new Set(list.map((c) => c.id)).size === list.length, {
        error: 'duplicatedCommunities',
      }),
  },
  { error: 'notAnObject' },
);

const searchQuery = z.looseObject({
  q: z.string().max(500).optional(),
  sort: z.enum(['bestmatch', 'newest', 'oldest']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(25),
  visibility: facetValues,
  membership: z.enum(['true', 'false', '1', '0']).optional(),
});

const commentText = (value: z.infer<typeof comment> | undefined) =>
  typeof value === 'string' ? value : value?.payload.content;

/**
 * A published record's communities (API.md §1.1; rdm-records
 * `RDMRecordCommunitiesResource`): include (POST), remove (DELETE), list
 * (GET) and suggestions. Add and remove answer per community, 400 when none went through.
 */
export function recordCommunityRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['records'];

  return (app, _options, done) => {
    const message = (t: Parameters<typeof translateMessage>[0], error: ChoiceError) =>
      translateMessage(t, error.key, error.params ?? {});

    app.post(
      '/api/records/:id/communities',
      {
        schema: {
          tags,
          summary: 'Include a published record in communities, or ask their curators to',
          params: idParams,
          body: communitiesBody,
        },
      },
      async (request, reply) => {
        const { processed, errors } = await services.recordCommunities.add(
          request.actor,
          request.params.id,
          request.body.communities.map((c) => ({
            id: c.id,
            comment: commentText(c.comment),
            require_review: c.require_review,
          })),
        );
        return reply.status(processed.length > 0 ? 200 : 400).send({
          ...(processed.length > 0
            ? {
                processed: processed.map((item) => ({
                  community_id: item.id,
                  request_id: item.request.row.id,
                  request: serializeRequest(item.request, links),
                })),
              }
            : {}),
          ...(errors.length > 0
            ? {
                errors: errors.map((error) => ({
                  community_id: error.id,
                  message: message(request.t, error),
                })),
              }
            : {}),
        });
      },
    );

    app.delete(
      '/api/records/:id/communities',
      {
        schema: {
          tags,
          summary: 'Take a published record out of communities (owner, or their curators)',
          params: idParams,
          body: communitiesBody,
        },
      },
      async (request, reply) => {
        const { processed, errors } = await services.recordCommunities.remove(
          request.actor,
          request.params.id,
          request.body.communities.map((c) => c.id),
        );
        return reply.status(processed.length > 0 ? 200 : 400).send(
          errors.length > 0
            ? {
                errors: errors.map((error) => ({
                  community: error.id,
                  message: message(request.t, error),
                })),
              }
            : {},
        );
      },
    );

    const list = (kind: 'search' | 'suggestions') => async (request: FastifyRequest) => {
      const { id } = request.params as { id: string };
      const query = request.query as z.infer<typeof searchQuery>;
      const params = {
        q: query.q,
        sort: query.sort ?? (query.q ? ('bestmatch' as const) : ('newest' as const)),
        page: query.page,
        size: query.size,
        visibility: query.visibility,
        mine: kind === 'suggestions' && (query.membership === 'true' || query.membership === '1'),
      };
      const result = await services.recordCommunities[kind](request.actor, id, params);
      const path = kind === 'search' ? 'communities' : 'communities-suggestions';
      const base = links.api(`/records/${id}/${path}`);
      return {
        hits: {
          hits: result.hits.map((view) => serializeCommunity(view, links)),
          total: result.total,
        },
        sortBy: result.sort,
        page: query.page,
        links: paginationLinks(
          base,
          { q: query.q, sort: result.sort },
          query.page,
          query.size,
          result.total,
        ),
      };
    };

    app.get(
      '/api/records/:id/communities',
      {
        schema: {
          tags,
          summary: "A published record's communities",
          params: idParams,
          querystring: searchQuery,
        },
      },
      list('search'),
    );

    app.get(
      '/api/records/:id/communities-suggestions',
      {
        schema: {
          tags,
          summary: 'Communities a published record could join (membership=true: mine only)',
          params: idParams,
          querystring: searchQuery,
        },
      },
      list('suggestions'),
    );

    done();
  };
}
