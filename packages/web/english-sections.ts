import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { LAZY_ENGLISH_SECTIONS } from './src/i18n/english-areas.ts';

const PREFIX = 'virtual:english/';
const CATALOGUE = fileURLToPath(new URL('./src/i18n/locales/en.json', import.meta.url));
const ADD_ENGLISH = fileURLToPath(new URL('./src/i18n/english.ts', import.meta.url));
const lazy = new Set<string>(LAZY_ENGLISH_SECTIONS);

/**
 * Splits the English catalogue for the bundle: `virtual:english/first` is
 * every section but the lazy ones (english-areas.ts); `virtual:english/<section>`
 * adds one lazy section when imported, in the chunk of the page that shows it.
 */
export function englishSections(): Plugin {
  return {
    name: 'arca-english-sections',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      this.addWatchFile(CATALOGUE);
      const catalogue = JSON.parse(await readFile(CATALOGUE, 'utf8')) as Record<string, unknown>;
      if (name === 'first') {
        const first = Object.fromEntries(
          Object.entries(catalogue).filter(([section]) => !lazy.has(section)),
        );
        return `export default ${JSON.stringify(first)};`;
      }
      if (!lazy.has(name) || !(name in catalogue)) {
        this.error(`"${name}" is not a lazy section of the English catalogue`);
      }
      return (
        `import { addEnglish } from ${JSON.stringify(ADD_ENGLISH)};\n` +
        `addEnglish({ ${JSON.stringify(name)}: ${JSON.stringify(catalogue[name])} });`
      );
    },
  };
}
