import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { VOCABULARY_SORTS, type VocabularyRow } from '../services/vocabularies.service.ts';
import {
  GENERIC_TYPES,
  SPECIAL_TYPES,
  isGenericType,
  type VocabularyType,
} from '../vocabularies/types.ts';
import { checkWindow, facetValues, searchQuery } from './query.ts';
import {
  UI_JSON,
  serializeVocabulary,
  serializeVocabularyL10n,
} from './serializers/vocabulary.serializer.ts';

const vocabularySearch = searchQuery.extend({
  sort: z.enum(VOCABULARY_SORTS).optional(),
  tags: facetValues,
  funders: facetValues,
});

/** Vocabularies (API.md §5.2): /api/vocabularies/{type} and the dedicated endpoints. */
export function vocabularyRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['vocabularies'];

  // Both forms are served on every endpoint; the UI form when the caller asks for it.
  const render = (request: FastifyRequest, reply: FastifyReply) => {
    const ui = (request.headers.accept ?? '').includes(UI_JSON);
    if (ui) void reply.type(UI_JSON);
    return (row: VocabularyRow) =>
      ui ? serializeVocabularyL10n(row, links, request.languages) : serializeVocabulary(row, links);
  };

  const search = async (
    type: VocabularyType,
    base: string,
    query: z.infer<typeof vocabularySearch>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const { page, size } = query;
    checkWindow(page, size);
    const { rows, total, sort } = await services.vocabularies.search(type, query);
    const serialize = render(request, reply);
    return {
      hits: { hits: rows.map(serialize), total },
      sortBy: sort,
      links: paginationLinks(base, query, page, size, total),
    };
  };

  return (app, _options, done) => {
    app.get('/api/vocabularies', { schema: { tags, summary: 'Vocabulary types' } }, () => ({
      hits: {
        hits: GENERIC_TYPES.map((type) => ({
          id: type,
          links: { self: links.api(`/vocabularies/${type}`) },
        })),
        total: GENERIC_TYPES.length,
      },
    }));

    app.get(
      '/api/vocabularies/:type',
      {
        schema: {
          tags,
          summary: 'Search a vocabulary',
          params: z.object({ type: z.string() }),
          querystring: vocabularySearch,
        },
      },
      async (request, reply) => {
        const { type } = request.params;
        if (!isGenericType(type)) throw new HttpError(404, 'unknownVocabulary');
        return search(type, links.api(`/vocabularies/${type}`), request.query, request, reply);
      },
    );

    app.get(
      '/api/vocabularies/:type/:id',
      {
        schema: {
          tags,
          summary: 'A vocabulary entry',
          params: z.object({ type: z.string(), id: z.string() }),
        },
      },
      async (request, reply) => {
        const { type, id } = request.params;
        if (!isGenericType(type)) throw new HttpError(404, 'unknownVocabulary');
        return render(request, reply)(await services.vocabularies.read(type, id));
      },
    );

    for (const type of SPECIAL_TYPES) {
      app.get(
        `/api/${type}`,
        { schema: { tags, summary: `Search ${type}`, querystring: vocabularySearch } },
        (request, reply) => search(type, links.api(`/${type}`), request.query, request, reply),
      );
      // Subject ids may contain slashes, so the id is the rest of the path.
      app.get(
        `/api/${type}/*`,
        {
          schema: { tags, summary: `One entry of ${type}`, params: z.object({ '*': z.string() }) },
        },
        async (request, reply) =>
          render(request, reply)(await services.vocabularies.read(type, request.params['*'])),
      );
    }
    done();
  };
}
