import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CITATION_LOCALES, LOCALES } from '@arca/schema';

/** CSL locale files (terms, date forms) shipped in locales/, one per language Arca speaks. */
const localesDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'locales');

let files: Map<string, string> | undefined;

/** Shipped CSL locale tags by their lower-case form (`de-de` → `de-DE`). */
function shipped(): Map<string, string> {
  files ??= new Map(
    readdirSync(localesDir)
      .filter((file) => /^locales-.+\.xml$/.test(file))
      .map((file) => file.slice('locales-'.length, -'.xml'.length))
      .map((tag) => [tag.toLowerCase(), tag]),
  );
  return files;
}

const appLocales = new Map<string, string>(
  LOCALES.map((locale) => [locale.toLowerCase(), CITATION_LOCALES[locale]]),
);

/**
 * The CSL locale for a `?locale=` value: a CSL tag (`de-DE`, `de_DE`, any case) or one of
 * Arca's languages (`de`, `zh-Hans`); undefined when Arca has neither.
 */
export function resolveCitationLocale(value: string): string | undefined {
  const wanted = value.trim().replaceAll('_', '-').toLowerCase();
  return shipped().get(wanted) ?? appLocales.get(wanted);
}

const xml = new Map<string, string>();

/** A locale file's XML for citeproc; false for one Arca does not ship (citeproc then uses en-US). */
export function citationLocaleXml(tag: string): string | false {
  const name = shipped().get(tag.toLowerCase());
  if (!name) return false;
  let text = xml.get(name);
  if (text === undefined) {
    text = readFileSync(path.join(localesDir, `locales-${name}.xml`), 'utf8');
    xml.set(name, text);
  }
  return text;
}
