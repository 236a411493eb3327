import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  accessSettings,
  grantUpdate,
  grantsCreate,
  linkCreate,
  linkUpdate,
  paginationQuery,
} from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import type { GrantRef, GrantView, SubjectType } from '../services/sharing/grants.service.ts';
import { serializeRecord } from './serializers/record.serializer.ts';
import {
  serializeGrant,
  serializeLink,
  serializeLinkUse,
} from './serializers/sharing.serializer.ts';
import { UI_JSON } from './serializers/vocabulary.serializer.ts';

const recordId = z.object({ id: z.string().min(1).max(100) });
const linkParams = recordId.extend({ linkId: z.string().min(1).max(100) });
const grantParams = recordId.extend({ grantId: z.string().min(1).max(100) });
const subjectParams = recordId.extend({ subjectId: z.string().min(1).max(100) });
const flag = z
  .enum(['1', '0', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');
const query = z.object({ expand: flag, token: z.string().optional() });

/**
 * Sharing a record (API.md §3): secret links, grants to users and groups,
 * and access-request settings. Every call works on a record or a draft id
 * and needs the `manage` level, which the sharing services check.
 */
export function accessRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['sharing'];
  const grantJson = (request: FastifyRequest, view: GrantView, expand: boolean) =>
    serializeGrant(view, request.identity, links, expand);
  const grantList = (request: FastifyRequest, views: GrantView[], expand: boolean) => ({
    hits: { hits: views.map((view) => grantJson(request, view, expand)), total: views.length },
  });

  return (app, _options, done) => {
    const base = '/api/records/:id/access';

    // --- Secret links (§3.1) ---
    app.get(
      `${base}/links`,
      {
        schema: { tags, summary: 'Secret links of a record', params: recordId, querystring: query },
      },
      async (request) => {
        const rows = await services.links.list(request.actor, request.params.id);
        return { hits: { hits: rows.map(serializeLink), total: rows.length } };
      },
    );

    app.post(
      `${base}/links`,
      {
        schema: {
          tags,
          summary: 'Create a secret link',
          params: recordId,
          querystring: query,
          body: linkCreate,
        },
      },
      async (request, reply) => {
        const link = await services.links.create(request.actor, request.params.id, request.body);
        return reply.status(201).send(serializeLink(link));
      },
    );

    app.get(
      `${base}/links/:linkId`,
      { schema: { tags, summary: 'A secret link', params: linkParams, querystring: query } },
      async (request) =>
        serializeLink(
          await services.links.get(request.actor, request.params.id, request.params.linkId),
        ),
    );

    app.get(
      `${base}/links/:linkId/uses`,
      {
        schema: {
          tags,
          summary: "A secret link's kept uses, newest first (its record's managers only)",
          params: linkParams,
          querystring: query.extend(paginationQuery.shape),
        },
      },
      async (request) => {
        const { params, actor } = request;
        const { page, size } = request.query;
        const window = { page, size };
        const { rows, total } = await services.links.uses(actor, params.id, params.linkId, window);
        const base = links.api(
          `/records/${encodeURIComponent(params.id)}/access/links/${encodeURIComponent(params.linkId)}/uses`,
        );
        return {
          hits: { hits: rows.map(serializeLinkUse), total },
          links: paginationLinks(base, {}, page, size, total),
        };
      },
    );

    app.patch(
      `${base}/links/:linkId`,
      {
        schema: {
          tags,
          summary: 'Change a secret link (its expiry can only be brought forward)',
          params: linkParams,
          querystring: query,
          body: linkUpdate,
        },
      },
      async (request) =>
        serializeLink(
          await services.links.update(
            request.actor,
            request.params.id,
            request.params.linkId,
            request.body,
          ),
        ),
    );

    app.put(
      `${base}/links/:linkId`,
      { schema: { tags, summary: 'Not allowed: change a link with PATCH', params: linkParams } },
      () => {
        throw new HttpError(405, 'linkUpdateNotAllowed', {
          headers: { allow: 'GET, PATCH, DELETE' },
        });
      },
    );

    app.delete(
      `${base}/links/:linkId`,
      {
        schema: {
          tags,
          summary: 'Delete (revoke) a secret link',
          params: linkParams,
          querystring: query,
        },
      },
      async (request, reply) => {
        await services.links.remove(request.actor, request.params.id, request.params.linkId);
        return reply.status(204).send();
      },
    );

    // --- Grants (§3.2) ---
    app.get(
      `${base}/grants`,
      { schema: { tags, summary: 'Grants of a record', params: recordId, querystring: query } },
      async (request) => {
        const { expand } = request.query;
        const views = await services.grants.list(request.actor, request.params.id, {
          expand,
        });
        return grantList(request, views, expand);
      },
    );

    app.post(
      `${base}/grants`,
      {
        schema: {
          tags,
          summary: 'Grant access to users and groups (1 to 100 at once)',
          params: recordId,
          querystring: query,
          body: grantsCreate,
        },
      },
      async (request, reply) => {
        const { expand } = request.query;
        const views = await services.grants.create(
          request.actor,
          request.params.id,
          request.body.grants,
          { expand },
        );
        return reply.status(201).send(grantList(request, views, expand));
      },
    );

    const byId = (request: { params: { grantId: string } }): GrantRef => ({
      id: request.params.grantId,
    });
    app.get(
      `${base}/grants/:grantId`,
      { schema: { tags, summary: 'A grant', params: grantParams, querystring: query } },
      async (request) => {
        const { expand } = request.query;
        const view = await services.grants.get(request.actor, request.params.id, byId(request), {
          expand,
        });
        return grantJson(request, view, expand);
      },
    );

    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: `${base}/grants/:grantId`,
        schema: {
          tags,
          summary: 'Change the permission of a grant',
          params: grantParams,
          querystring: query,
          body: grantUpdate,
        },
        handler: async (request) => {
          const { expand } = request.query;
          const view = await services.grants.update(
            request.actor,
            request.params.id,
            byId(request),
            request.body.permission,
            { expand },
          );
          return grantJson(request, view, expand);
        },
      });
    }

    app.delete(
      `${base}/grants/:grantId`,
      { schema: { tags, summary: 'Remove a grant', params: grantParams, querystring: query } },
      async (request, reply) => {
        await services.grants.remove(request.actor, request.params.id, byId(request));
        return reply.status(204).send();
      },
    );

    // --- Grants by subject: users and groups (§3.3) ---
    for (const [segment, type] of [
      ['users', 'user'],
      ['groups', 'role'],
    ] as const satisfies [string, SubjectType][]) {
      const bySubject = (request: { params: { subjectId: string } }): GrantRef => ({
        type,
        subjectId: request.params.subjectId,
      });
      const noun = segment === 'users' ? 'user' : 'group';

      app.get(
        `${base}/${segment}`,
        {
          schema: {
            tags,
            summary: `Grants of a record to ${segment}`,
            params: recordId,
            querystring: query,
          },
        },
        async (request) => {
          const { expand } = request.query;
          const views = await services.grants.list(request.actor, request.params.id, {
            type,
            expand,
          });
          return grantList(request, views, expand);
        },
      );

      app.get(
        `${base}/${segment}/:subjectId`,
        {
          schema: {
            tags,
            summary: `The grant of a ${noun}`,
            params: subjectParams,
            querystring: query,
          },
        },
        async (request) => {
          const { expand } = request.query;
          const view = await services.grants.get(
            request.actor,
            request.params.id,
            bySubject(request),
            { expand },
          );
          return grantJson(request, view, expand);
        },
      );

      app.patch(
        `${base}/${segment}/:subjectId`,
        {
          schema: {
            tags,
            summary: `Change the permission of a ${noun}`,
            params: subjectParams,
            querystring: query,
            body: grantUpdate,
          },
        },
        async (request) => {
          const { expand } = request.query;
          const view = await services.grants.update(
            request.actor,
            request.params.id,
            bySubject(request),
            request.body.permission,
            { expand },
          );
          return grantJson(request, view, expand);
        },
      );

      app.delete(
        `${base}/${segment}/:subjectId`,
        {
          schema: {
            tags,
            summary: `Remove the grant of a ${noun}`,
            params: subjectParams,
            querystring: query,
          },
        },
        async (request, reply) => {
          await services.grants.remove(request.actor, request.params.id, bySubject(request));
          return reply.status(204).send();
        },
      );
    }

    // --- Access settings (§3.4) ---
    app.put(
      base,
      {
        schema: {
          tags,
          summary: 'Access-request settings; answers with the record',
          params: recordId,
          querystring: query,
          body: accessSettings,
        },
      },
      async (request, reply) => {
        const view = await services.accessSettings.update(
          request.actor,
          request.params.id,
          request.body,
          request.query,
        );
        const ui = (request.headers.accept ?? '').includes(UI_JSON);
        if (ui) void reply.type(UI_JSON);
        return reply.header('etag', `"${view.row.revisionId}"`).send(
          serializeRecord(view, {
            links,
            groupsEnabled: config.groupsEnabled,
            ui,
            t: request.t,
            language: request.language,
            languages: request.languages,
          }),
        );
      },
    );

    done();
  };
}
