import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_CITATION_STYLE } from '@arca/schema';
import { findCitationStyle, type CitationStyle } from '../citations/catalogue.ts';
import { resolveCitationLocale } from '../citations/locales.ts';
import { renderCitation, type CslItem } from '../citations/render.ts';
import { HttpError } from '../http/errors.ts';

/** The media type of a formatted citation (InvenioRDM's `StringCitationSerializer`). */
export const BIBLIOGRAPHY = 'text/x-bibliography';

/** `?style=` and `?locale=` of a record read; only a `text/x-bibliography` answer reads them. */
export const citationQuery = z.object({
  style: z.string().max(200).optional(),
  locale: z.string().max(50).optional(),
  /** Cite every version: the concept DOI (the parent's), without a version number. */
  allversions: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

export interface CitationOptions {
  style: CitationStyle;
  /** A shipped CSL locale; none: the style's own language, else American English. */
  locale: string | undefined;
}

/** The style and language asked for; 400 naming the parameter when Arca has no such one. */
export function citationOptions(query: z.infer<typeof citationQuery>): CitationOptions {
  const style = findCitationStyle(query.style ?? DEFAULT_CITATION_STYLE);
  if (!style) {
    throw new HttpError(400, 'invalidQuery', {
      errors: [{ field: 'style', messages: ['unknownCitationStyle'] }],
    });
  }
  if (query.locale === undefined) return { style, locale: undefined };
  const locale = resolveCitationLocale(query.locale);
  if (!locale) {
    throw new HttpError(400, 'invalidQuery', {
      errors: [{ field: 'locale', messages: ['unknownCitationLocale'] }],
    });
  }
  return { style, locale };
}

// Formatting takes milliseconds of CPU; the same record is cited the same way again and
// again (every view of its page), so answers are kept by what they are made from.
const KEPT = 2000;
const kept = new Map<string, string>();

/** The CSL item formatted as one bibliography entry (plain text). */
export function formatCitation(item: CslItem, { style, locale }: CitationOptions): string {
  const key = createHash('sha256')
    .update(`${style.id}|${locale ?? ''}|${JSON.stringify(item)}`)
    .digest('base64');
  const cached = kept.get(key);
  if (cached !== undefined) return cached;
  const text = renderCitation(item, style, locale);
  kept.set(key, text);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  return text;
}
