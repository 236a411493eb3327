import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import { LAZY_ENGLISH_SECTIONS } from './english-areas.ts';

const SRC = path.join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('English sections left out of the first load', () => {
  it('are sections of the catalogue', () => {
    for (const section of LAZY_ENGLISH_SECTIONS) expect(Object.keys(en)).toContain(section);
  });

  // Unit tests load every section; a page that shows a lazy section's texts
  // without importing it would show keys in the built app.
  it.each(LAZY_ENGLISH_SECTIONS)(
    '"%s" is imported by every module that shows its texts',
    (section) => {
      const usesSection = new RegExp(`['"\`]${section}\\.[a-zA-Z]|keyPrefix: '${section}'`);
      const missing = sourceFiles(SRC)
        .filter((file) => usesSection.test(readFileSync(file, 'utf8')))
        .filter(
          (file) => !readFileSync(file, 'utf8').includes(`import 'virtual:english/${section}';`),
        )
        .map((file) => path.relative(SRC, file));
      expect(missing).toEqual([]);
    },
  );
});
