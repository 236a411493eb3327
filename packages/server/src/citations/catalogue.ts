import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The citation styles Arca ships (CSL 1.0 files from the Citation Style Language project,
 * CC BY-SA 3.0, in styles/): nothing is fetched at run time. Adding a style is adding its
 * independent .csl file there.
 */
const stylesDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'styles');

export interface CitationStyle {
  /** The file name without .csl, as the CSL repository names it (`apa`, `ieee`). */
  id: string;
  title: string;
  titleShort: string | undefined;
  /** author-date, numeric, note, label or author. */
  format: string | undefined;
  /** The style's own language, when it is written for one (`de-DE`). */
  defaultLocale: string | undefined;
  xml: string;
}

const unescape = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

const element = (xml: string, name: string) => {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match?.[1] === undefined ? undefined : unescape(match[1]).trim();
};

function readStyle(file: string): CitationStyle {
  const xml = readFileSync(path.join(stylesDir, file), 'utf8');
  // Only the <info> block names the style; macros further down may hold <title> too.
  const info = /<info>[\s\S]*?<\/info>/.exec(xml)?.[0] ?? '';
  return {
    id: file.replace(/\.csl$/, ''),
    title: element(info, 'title') ?? file,
    titleShort: element(info, 'title-short'),
    format: /citation-format="([^"]+)"/.exec(info)?.[1],
    defaultLocale: /<style[^>]*default-locale="([^"]+)"/.exec(xml)?.[1],
    xml,
  };
}

let styles: Map<string, CitationStyle> | undefined;

/** Every shipped style by id, read once. */
export function citationStyles(): ReadonlyMap<string, CitationStyle> {
  styles ??= new Map(
    readdirSync(stylesDir)
      .filter((file) => file.endsWith('.csl'))
      .map(readStyle)
      .sort((a, b) => a.title.localeCompare(b.title, 'en'))
      .map((style) => [style.id, style]),
  );
  return styles;
}

export function findCitationStyle(id: string): CitationStyle | undefined {
  return citationStyles().get(id.toLowerCase());
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Styles whose id, title or short title hold every word of the query; the ones whose
 * short title or id is the query itself first (`apa` finds APA 7th before APA 6th).
 */
export function searchCitationStyles(query: string | undefined): CitationStyle[] {
  const all = [...citationStyles().values()];
  const words = fold(query ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return all;
  const whole = words.join(' ');
  const matches = all.filter((style) => {
    const text = fold(`${style.id} ${style.title} ${style.titleShort ?? ''}`);
    return words.every((word) => text.includes(word));
  });
  const exact = (style: CitationStyle) =>
    style.id === whole || fold(style.titleShort ?? '') === whole ? 0 : 1;
  return matches.sort((a, b) => exact(a) - exact(b));
}
