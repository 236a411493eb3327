import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { RecordJson } from '@arca/schema';
import { LINKS_COOKIE } from '../http/actor.ts';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { STATUS_OF } from '../http/error-handler.ts';
import { DomainError } from '../services/errors.ts';
import { linkBuilder } from '../http/links.ts';
import { recordHead, withHead } from '../http/record-head.ts';
import { appShellReader } from '../http/web.ts';
import { signpostingLinks } from '../http/signposting.ts';
import { serializeRecord } from './serializers/record.serializer.ts';
import { visitorOf } from './stats-answers.ts';

const pageParams = z.object({ id: z.string().min(1).max(100) });
const pageQuery = z.looseObject({ token: z.string().optional(), preview: z.string().optional() });

/**
 * The record page's first HTML (`/records/{id}`): the web app's shell with the
 * record's title, citation meta tags and JSON-LD (and Signposting links in its
 * `Link` header), so that scholarly search
 * engines index records without running JavaScript. Only a record the
 * requester may read gets its head; anything else is the plain shell, and the
 * app shows the error.
 */
export function recordPageRoutes({
  config,
  services,
  recordCache,
}: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const readShell = appShellReader(config.webDist);

  return (app, _options, done) => {
    app.get(
      '/records/:id',
      {
        schema: {
          hide: true,
          params: pageParams,
          querystring: pageQuery,
        },
      },
      async (request, reply) => {
        const shell = await readShell();
        if (shell === undefined) throw new HttpError(404, 'notFound');
        void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
        // A draft preview is not for indexing: the app reads it itself.
        if (request.query.preview === '1') return reply.send(shell);

        // Anonymous readers (search engines among them) all get the same page: it is cached
        // with the API's anonymous reads and dropped with them when the record changes.
        const anonymous =
          request.identity.userId === null &&
          !request.query.token &&
          !request.cookies[LINKS_COOKIE];
        const key = `page|${request.params.id}|${request.languages.join(',')}`;
        const cached = anonymous ? recordCache.get(key) : undefined;
        if (cached) {
          if (cached.subject) services.stats.view(cached.subject, visitorOf(request));
          return reply.headers(cached.headers).send(cached.body);
        }
        const generation = recordCache.generation;

        const result = await services.records
          .readRecord(request.actor, request.params.id)
          .catch((error: unknown) => {
            if (error instanceof DomainError) return error;
            throw error;
          });
        // A refused or missing record still gets the app, which says why.
        if (result instanceof DomainError) return reply.status(STATUS_OF[result.kind]).send(shell);
        if ('redirectTo' in result) {
          const token = request.query.token
            ? `?token=${encodeURIComponent(request.query.token)}`
            : '';
          return reply.redirect(`/records/${result.redirectTo}${token}`, 302);
        }
        const record = serializeRecord(result, {
          links,
          groupsEnabled: config.groupsEnabled,
          ui: false,
          t: request.t,
          language: request.language,
          languages: request.languages,
        }) as unknown as RecordJson;
        const subject = { recordId: result.row.id, parentId: result.parent.id };
        // The landing page is a view; the app's read of the record right after is the same
        // visitor within 30 seconds, which COUNTER's double-click rule counts once.
        services.stats.view(subject, visitorOf(request));
        const page = withHead(shell, recordHead(record, config.siteName));
        const headers = { link: signpostingLinks(record) };
        if (anonymous) {
          recordCache.set(
            key,
            result.parent.id,
            {
              body: page,
              etag: '',
              contentType: 'text/html; charset=utf-8',
              headers,
              subject,
            },
            generation,
          );
        }
        return reply.headers(headers).send(page);
      },
    );
    done();
  };
}
