// The types of citeproc (untyped CommonJS), for every project that compiles this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./citeproc.d.ts" />
import CSL, { type Engine } from 'citeproc';
import type { CitationStyle } from './catalogue.ts';
import { citationLocaleXml } from './locales.ts';

/** A CSL JSON item (citeproc's input), as the CSL JSON export makes it. */
export type CslItem = { id: string } & Record<string, unknown>;

/**
 * Engines are costly to build (the style is parsed and compiled) and cheap to reuse; the
 * few styles and languages in use stay warm, the rest are dropped (least recently used).
 */
const ENGINES = 24;
const engines = new Map<string, { engine: Engine; items: Map<string, CslItem> }>();

function engineFor(style: CitationStyle, locale: string | undefined) {
  const key = `${style.id}|${locale ?? ''}`;
  const cached = engines.get(key);
  if (cached) {
    engines.delete(key);
    engines.set(key, cached);
    return cached;
  }
  const items = new Map<string, CslItem>();
  const engine = new CSL.Engine(
    {
      retrieveLocale: citationLocaleXml,
      retrieveItem: (id) => items.get(id) ?? { id },
    },
    style.xml,
    locale ?? style.defaultLocale ?? 'en-US',
    locale !== undefined,
  );
  engine.setOutputFormat('text');
  const entry = { engine, items };
  engines.set(key, entry);
  if (engines.size > ENGINES) engines.delete(engines.keys().next().value as string);
  return entry;
}

/**
 * The item formatted as one bibliography entry in the style and language (a CSL locale
 * tag; without one, the style's own language or American English). Plain text.
 */
export function renderCitation(item: CslItem, style: CitationStyle, locale?: string): string {
  const { engine, items } = engineFor(style, locale);
  items.clear();
  items.set(item.id, item);
  engine.updateItems([item.id]);
  const bibliography = engine.makeBibliography();
  const text = bibliography
    ? bibliography[1].join('')
    : engine.makeCitationCluster([{ id: item.id }]);
  return text.replace(/\s+/g, ' ').trim();
}
