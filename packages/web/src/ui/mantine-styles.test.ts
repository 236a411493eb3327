import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Only the styles of the components in use are loaded (mantine-styles.ts and
// the pages' own imports): a component imported without its styles would
// show unstyled, and no other test would notice.
const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const stylesDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
  'styles',
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('Mantine styles', () => {
  it('are imported for every Mantine component the app uses', () => {
    const files = sources(src).map((file) => readFileSync(file, 'utf8'));
    const used = new Set<string>();
    const styled = new Set<string>();
    for (const text of files) {
      for (const match of text.matchAll(/import \{([^}]*)\} from '@mantine\/core'/g)) {
        for (const name of (match[1] ?? '').split(',')) used.add(name.trim().split(' ')[0] ?? '');
      }
      for (const match of text.matchAll(/import '@mantine\/core\/styles\/(\w+)\.css'/g)) {
        styled.add(match[1] ?? '');
      }
    }
    const unstyled = [...used].filter(
      (name) => existsSync(path.join(stylesDir, `${name}.css`)) && !styled.has(name),
    );
    expect(used.size).toBeGreaterThan(20);
    expect(unstyled).toEqual([]);
  });
});
