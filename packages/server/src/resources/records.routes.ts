import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LINKS_COOKIE } from '../http/actor.ts';
import type { AppContext } from '../http/context.ts';
import { titleOf } from '../services/sharing/link-uses.service.ts';
import { sendKept } from '../http/answer-encoding.ts';
import { searcherKey } from '../http/search-cache.ts';
import { HttpError } from '../http/errors.ts';
import { paginationLinks } from '../http/links.ts';
import { RECORD_SORTS, type SearchResult } from '../services/records/search.service.ts';
import { facetValues } from './query.ts';
import { citationQuery } from './bibliography.ts';
import { flag, idParams, itemQuery, recordAnswers } from './record-answers.ts';
import { recordCitation } from './record-citation.ts';
import { UI_JSON } from './serializers/vocabulary.serializer.ts';
import { negotiate, negotiateFor, sendExport, sendExportList } from './negotiation.ts';
import type { RecordJson } from '@arca/schema';
import type { ExportFormat } from '../exports/formats.ts';
import { visitorOf, withStats } from './stats-answers.ts';

const searchQuery = z.looseObject({
  q: z.string().max(2000).optional(),
  sort: z.enum(RECORD_SORTS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(25),
  expand: flag,
  allversions: flag,
  shared_with_me: z.enum(['true', 'false']).optional(),
  resource_type: facetValues,
  access_status: facetValues,
  file_type: facetValues,
  is_published: facetValues,
});

/** The published records' search: deleted ones too for administrators, ignored for others. */
const publishedQuery = searchQuery.extend({
  include_deleted: flag.describe(
    'Deleted records too, with their tombstones (administrators; ignored for others)',
  ),
});

/** Published records (API.md §1): search, versions and reads; drafts are in drafts.routes.ts. */
export function recordRoutes(context: AppContext): FastifyPluginCallbackZod {
  const { config, services, recordCache, searchCache, signedInSearchCache } = context;
  const { links, wantsUi, serialize, send } = recordAnswers(config);
  const citation = recordCitation(context);
  const tags = ['records'];

  return (app, _options, done) => {
    app.get(
      '/api/records',
      { schema: { tags, summary: 'Search published records', querystring: publishedQuery } },
      async (request, reply) => {
        const query = request.query;
        const negotiated = negotiate(request, reply, true);
        // The same search by the same searcher gets the same answer (search-cache.ts).
        const searcher =
          negotiated.kind === 'json' && !query.expand ? searcherKey(request.actor) : null;
        const cache = searcher === '' ? searchCache : signedInSearchCache;
        const key = `${searcher}|${request.url}|${wantsUi(request) ? 'ui' : 'json'}|${request.languages.join(',')}`;
        const contentType = wantsUi(request) ? UI_JSON : 'application/json; charset=utf-8';
        const cached = searcher === null ? undefined : cache.get(key);
        if (cached) return sendKept(request, reply, cached, contentType);
        const generation = cache.generation;
        const result = await services.recordSearch.published(request.actor, {
          q: query.q,
          sort: query.sort,
          page: query.page,
          size: query.size,
          allVersions: query.allversions,
          includeDeleted: query.include_deleted,
          expand: query.expand,
          facets: {
            resource_type: query.resource_type ?? [],
            access_status: query.access_status ?? [],
            file_type: query.file_type ?? [],
          },
        });
        if (negotiated.kind === 'export') {
          return sendList(request, reply, negotiated.format, result.hits);
        }
        const answer = await searchAnswer(request, reply, result, links.api('/records'));
        if (searcher === null) return answer;
        return sendKept(
          request,
          reply,
          cache.set(key, JSON.stringify(answer), generation),
          contentType,
        );
      },
    );

    app.get(
      '/api/user/records',
      {
        schema: {
          tags,
          summary: 'My drafts and records, and those shared with me',
          querystring: searchQuery,
        },
      },
      async (request, reply) => {
        const query = request.query;
        const negotiated = negotiate(request, reply, true);
        const result = await services.recordSearch.mine(request.actor, {
          q: query.q,
          sort: query.sort ?? (query.q ? 'bestmatch' : 'updated-desc'),
          page: query.page,
          size: query.size,
          expand: query.expand,
          sharedWithMe:
            query.shared_with_me === undefined ? undefined : query.shared_with_me === 'true',
          facets: {
            resource_type: query.resource_type ?? [],
            access_status: query.access_status ?? [],
            file_type: query.file_type ?? [],
            is_published: query.is_published ?? [],
          },
        });
        if (negotiated.kind === 'export') {
          return sendList(request, reply, negotiated.format, result.hits);
        }
        return await searchAnswer(request, reply, result, links.api('/user/records'));
      },
    );

    /** A page of records in an export format's list form, each as its JSON read shows it. */
    function sendList(
      request: FastifyRequest,
      reply: FastifyReply,
      format: ExportFormat,
      views: readonly SearchResult['hits'][number][],
    ) {
      // Each record is serialised as its turn to be written comes.
      const records = (function* () {
        for (const view of views) yield serialize(request, view) as unknown as RecordJson;
      })();
      return sendExportList(reply, format, records);
    }

    /** Search results: the hits as the search service presented them, published ones with `stats`. */
    async function searchAnswer(
      request: FastifyRequest,
      reply: FastifyReply,
      result: SearchResult,
      base: string,
    ) {
      const params = request.query as z.infer<typeof searchQuery>;
      if (wantsUi(request)) void reply.type(UI_JSON);
      const { page, size } = params;
      // Links repeat what the client asked for (minus the secret token), not our defaults.
      const query: Record<string, string[]> = {};
      for (const [key, value] of new URL(request.url, 'http://local').searchParams) {
        if (key !== 'token') (query[key] ??= []).push(value);
      }
      const published = result.hits.filter((view) => view.kind === 'record');
      const stats = await services.stats.ofRecords(
        published.map((view) => ({ recordId: view.row.id, parentId: view.parent.id })),
      );
      const hit = (view: (typeof result.hits)[number]) => {
        const counts = view.kind === 'record' ? stats.get(view.row.id) : undefined;
        return counts ? { ...serialize(request, view), stats: counts } : serialize(request, view);
      };
      return {
        hits: { hits: result.hits.map(hit), total: result.total },
        aggregations: Object.fromEntries(
          Object.entries(result.aggregations).map(([name, buckets]) => [
            name,
            {
              buckets: buckets.map((bucket) => ({
                ...bucket,
                is_selected: (query[name] ?? []).includes(bucket.key),
              })),
            },
          ]),
        ),
        sortBy: result.sort,
        page,
        links: paginationLinks(base, { ...query, sort: result.sort }, page, size, result.total),
      };
    }

    app.post(
      '/api/records/:id/versions',
      {
        schema: { tags, summary: 'Create a new version', params: idParams, querystring: itemQuery },
      },
      async (request, reply) => {
        const view = await services.records.newVersion(
          request.actor,
          request.params.id,
          request.query,
        );
        return send(request, reply, view, 201);
      },
    );

    app.get(
      '/api/records/:id/versions',
      {
        schema: {
          tags,
          summary: 'All versions',
          params: idParams,
          querystring: itemQuery.extend({
            page: z.coerce.number().int().min(1).default(1),
            size: z.coerce.number().int().min(1).max(1000).default(25),
          }),
        },
      },
      async (request, reply) => {
        const negotiated = negotiate(request, reply, true);
        const views = await services.records.versions(
          request.actor,
          request.params.id,
          request.query,
        );
        const { page, size } = request.query;
        const pageViews = views.slice((page - 1) * size, page * size);
        if (negotiated.kind === 'export') {
          return sendList(request, reply, negotiated.format, pageViews);
        }
        if (wantsUi(request)) void reply.type(UI_JSON);
        return {
          hits: { hits: pageViews.map((view) => serialize(request, view)), total: views.length },
          sortBy: 'version',
          links: paginationLinks(
            links.api(`/records/${request.params.id}/versions`),
            { sort: 'version' },
            page,
            size,
            views.length,
          ),
        };
      },
    );

    app.get(
      '/api/records/:id/diff/:other',
      {
        schema: {
          tags,
          summary: 'What changed between two versions of a record (metadata, files, lines)',
          params: idParams.extend({ other: idParams.shape.id }),
          querystring: itemQuery,
        },
      },
      async (request) =>
        services.versionCompare.compare(
          request.actor,
          request.params.id,
          request.params.other,
          request.languages[0] ?? 'en',
        ),
    );

    app.get(
      '/api/records/:id/versions/latest',
      {
        schema: {
          tags,
          summary: 'Redirect to the latest version',
          params: idParams,
          querystring: itemQuery,
        },
      },
      async (request, reply) => {
        const latest = await services.records.latestVersionOf(request.actor, request.params.id);
        const location = links.api(`/records/${latest}`);
        return reply
          .status(301)
          .header('location', location)
          .send({ status: 301, message: request.t('redirecting'), location });
      },
    );

    app.get(
      '/api/records/:id',
      {
        schema: {
          tags,
          summary: 'Read a published record (a parent id redirects to the latest version)',
          params: idParams,
          querystring: itemQuery.extend(citationQuery.shape),
        },
      },
      async (request, reply) => {
        const negotiated = negotiate(request, reply, false);
        if (negotiated.kind === 'bibliography') {
          return citation(request, reply, request.params.id, request.query);
        }
        // Anonymous readers all get the same answer: it can be served from the cache.
        const anonymous =
          negotiated.kind === 'json' &&
          request.identity.userId === null &&
          !request.query.token &&
          !request.cookies[LINKS_COOKIE] &&
          !request.query.expand;
        const key = `${request.params.id}|${wantsUi(request) ? 'ui' : 'json'}|${request.languages.join(',')}`;
        const cached = anonymous ? recordCache.get(key) : undefined;
        const generation = recordCache.generation;
        if (cached?.subject) {
          services.stats.view(cached.subject, visitorOf(request));
          const stats = await services.stats.ofRecord(cached.subject);
          return reply
            .headers(cached.headers)
            .header('etag', cached.etag)
            .type(cached.contentType)
            .send(withStats(cached.body, stats));
        }
        const result = await services.records.readRecord(
          request.actor,
          request.params.id,
          request.query,
        );
        if ('redirectTo' in result) {
          const location = links.api(`/records/${result.redirectTo}`);
          return reply
            .status(302)
            .header('location', location)
            .send({ status: 302, message: request.t('redirecting'), location });
        }
        await services.linkUses.spend(request.actor, {
          action: 'canRead',
          facts: result.facts,
          recordId: result.row.id,
          title: titleOf(result.document.metadata),
        });
        const headers = {
          link: `<${links.html(`/records/${result.row.id}/export/linkset`)}>; rel="linkset"; type="application/linkset+json"`,
        };
        if (negotiated.kind === 'export') {
          const record = serialize(request, result) as unknown as RecordJson;
          const answer = negotiateFor(request, negotiated, record);
          if (answer.kind === 'export') {
            return sendExport(reply.headers(headers), answer.format, record);
          }
          if (answer.kind === 'bibliography') {
            return citation(request, reply, request.params.id, request.query);
          }
        }
        const subject = { recordId: result.row.id, parentId: result.parent.id };
        services.stats.view(subject, visitorOf(request));
        const stats = await services.stats.ofRecord(subject);
        if (!anonymous) {
          if (wantsUi(request)) void reply.type(UI_JSON);
          return reply
            .headers(headers)
            .header('etag', `"${result.row.revisionId}"`)
            .send({ ...serialize(request, result), stats });
        }
        const answer = {
          body: JSON.stringify(serialize(request, result)),
          etag: `"${result.row.revisionId}"`,
          contentType: wantsUi(request) ? UI_JSON : 'application/json; charset=utf-8',
          headers,
          subject,
        };
        recordCache.set(key, result.parent.id, answer, generation);
        return reply
          .headers(headers)
          .header('etag', answer.etag)
          .type(answer.contentType)
          .send(withStats(answer.body, stats));
      },
    );

    // Published records change only through a draft (InvenioRDM: update disabled by policy).
    app.put(
      '/api/records/:id',
      { schema: { tags, summary: 'Not allowed: edit through the draft', params: idParams } },
      () => {
        throw new HttpError(403, 'permissionDenied');
      },
    );

    done();
  };
}
