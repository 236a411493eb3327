import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/context.ts';
import { linkBuilder } from '../http/links.ts';
import { xmlFragment } from '../oai/xml.ts';

const SITEMAPS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XML = 'application/xml; charset=utf-8';

/** W3C datetime, to the second (sitemaps' lastmod). */
const lastmod = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/**
 * What crawlers read first (docs/harvesting.md): robots.txt, pointing at the
 * sitemap index, and the sitemap pages of the public records' landing pages.
 */
export function discoveryRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const { robotsDisallow, sitemapPageSize } = config.discovery;

  return (app, _options, done) => {
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => {
      const lines = [
        'User-agent: *',
        ...robotsDisallow.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${links.html('/sitemap.xml')}`,
        '',
      ];
      return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
    });

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const pages = await services.harvest.sitemapPages(sitemapPageSize);
      // An empty repository still has its (empty) first page.
      const listed = pages.length > 0 ? pages : [{ page: 1, modified: undefined }];
      const body = xmlFragment((root) => {
        const index = root.ele('sitemapindex', { xmlns: SITEMAPS });
        for (const { page, modified } of listed) {
          const sitemap = index.ele('sitemap');
          sitemap.ele('loc').txt(links.html(`/sitemap-${page}.xml`));
          if (modified) sitemap.ele('lastmod').txt(lastmod(modified));
        }
      });
      return reply.type(XML).send(DECLARATION + body);
    });

    app.get(
      '/sitemap-:page(^\\d+).xml',
      { schema: { hide: true, params: z.object({ page: z.coerce.number().int().min(1) }) } },
      (request, reply) => {
        const chunks = services.harvest.sitemapPage(request.params.page, sitemapPageSize);
        async function* body() {
          yield `${DECLARATION}<urlset xmlns="${SITEMAPS}">`;
          for await (const rows of chunks) {
            yield xmlFragment((root) => {
              for (const row of rows) {
                const url = root.ele('url');
                url.ele('loc').txt(links.html(`/records/${row.id}`));
                url.ele('lastmod').txt(lastmod(row.modified));
              }
            });
          }
          yield '</urlset>\n';
        }
        return reply.type(XML).send(Readable.from(body()));
      },
    );
    done();
  };
}
