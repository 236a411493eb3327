import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { RecordJson } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { linkBuilder } from '../http/links.ts';
import { translator } from '../i18n.ts';
import { oaiProvider } from '../oai/provider.ts';
import { OAI_FORMATS } from '../oai/registry.ts';
import { resumptionTokens } from '../oai/tokens.ts';
import { serializeRecord } from './serializers/record.serializer.ts';

const FORM = 'application/x-www-form-urlencoded';

/** OAI-PMH 2.0 at `/oai2d` (docs/harvesting.md), by GET and by a form POST. */
export function oaiRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const english = translator('en');
  const provider = oaiProvider({
    repository: {
      name: config.siteName,
      baseUrl: links.html('/oai2d'),
      adminEmail: config.discovery.oaiAdminEmail,
      host: new URL(config.siteUrl).hostname,
    },
    harvest: services.harvest,
    tokens: resumptionTokens(config.secretKey),
    formats: OAI_FORMATS,
    // What an anonymous reader of the API gets: public metadata only.
    toJson: (view) =>
      serializeRecord(view, {
        links,
        groupsEnabled: config.groupsEnabled,
        ui: false,
        t: english,
        language: 'en',
        languages: ['en'],
      }) as unknown as RecordJson,
    pageSize: config.discovery.oaiPageSize,
    settleMs: config.discovery.oaiSettleMs,
  });

  return (app, _options, done) => {
    // A form body is kept as text and read with URLSearchParams, which keeps repeats.
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, next) =>
      next(null, body),
    );

    const answer = async (pairs: [string, string][]) =>
      Readable.from(await provider.answer(pairs), { objectMode: false });

    app.get('/oai2d', { schema: { hide: true } }, async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const body = await answer([...new URLSearchParams(query)]);
      return reply.type('text/xml; charset=utf-8').send(body);
    });

    app.post('/oai2d', { schema: { hide: true } }, async (request, reply) => {
      const text = typeof request.body === 'string' ? request.body : '';
      const body = await answer([...new URLSearchParams(text)]);
      return reply.type('text/xml; charset=utf-8').send(body);
    });
    done();
  };
}
