import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;

describe('migrations', () => {
  it('match the schema: generating from schema.ts adds nothing', () => {
    // drizzle-kit reads --out relative to the working directory, so the copy stays in the package.
    const packageDir = path.resolve(here, '../..');
    const copy = mkdtempSync(path.join(packageDir, '.migrations-check-'));
    try {
      cpSync(path.join(here, 'migrations'), copy, { recursive: true });
      const before = readdirSync(copy).sort();
      execFileSync(
        path.resolve(here, '../../../../node_modules/.bin/drizzle-kit'),
        [
          'generate',
          '--dialect=postgresql',
          '--schema=src/db/schema.ts',
          `--out=${path.relative(packageDir, copy)}`,
        ],
        { cwd: packageDir, stdio: 'pipe' },
      );
      expect(readdirSync(path.join(copy, 'meta')).length).toBeGreaterThan(0);
      expect(readdirSync(copy).sort()).toEqual(before);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);
});
