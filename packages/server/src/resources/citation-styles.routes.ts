import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DEFAULT_CITATION_STYLE } from '@arca/schema';
import {
  findCitationStyle,
  searchCitationStyles,
  type CitationStyle,
} from '../citations/catalogue.ts';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { linkBuilder, paginationLinks } from '../http/links.ts';
import { checkWindow, searchQuery } from './query.ts';

/**
 * The citation styles a record can be cited in (`?style=` of `text/x-bibliography`), for the
 * record page's style picker: a search in the shape of the vocabularies' (API.md §5.2).
 */
export function citationStyleRoutes({ config }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['citations'];
  const serialize = (style: CitationStyle) => ({
    id: style.id,
    title: style.title,
    ...(style.titleShort ? { title_short: style.titleShort } : {}),
    ...(style.format ? { citation_format: style.format } : {}),
    ...(style.defaultLocale ? { default_locale: style.defaultLocale } : {}),
    is_default: style.id === DEFAULT_CITATION_STYLE,
    links: { self: links.api(`/citation-styles/${style.id}`) },
  });

  return (app, _options, done) => {
    app.get(
      '/api/citation-styles',
      { schema: { tags, summary: 'Search the citation styles', querystring: searchQuery } },
      (request) => {
        const { q, suggest, page, size } = request.query;
        checkWindow(page, size);
        const styles = searchCitationStyles(q ?? suggest);
        return {
          hits: {
            hits: styles.slice((page - 1) * size, page * size).map(serialize),
            total: styles.length,
          },
          sortBy: q || suggest ? 'bestmatch' : 'title',
          links: paginationLinks(
            links.api('/citation-styles'),
            { q, suggest },
            page,
            size,
            styles.length,
          ),
        };
      },
    );

    app.get(
      '/api/citation-styles/:id',
      {
        schema: {
          tags,
          summary: 'Read a citation style',
          params: z.object({ id: z.string().max(200) }),
        },
      },
      (request) => {
        const style = findCitationStyle(request.params.id);
        if (!style) throw new HttpError(404, 'resultNotFound');
        return serialize(style);
      },
    );

    done();
  };
}
