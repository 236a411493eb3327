import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// Tiers (STYLE.md §9): unit beside the code, web components in jsdom,
// integration against PGlite and (when DATABASE_URL is set) PostgreSQL,
// and browser flows in Chromium.
const integration = (name: string, db: string): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['packages/server/test/**/*.test.ts'],
    env: { ARCA_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'unit',
      include: ['packages/schema/src/**/*.test.ts', 'packages/server/src/**/*.test.ts'],
    },
  },
  { extends: './packages/web/vite.config.ts', test: { name: 'web', root: './packages/web' } },
  integration('integration-pglite', 'pglite'),
];
if (process.env.DATABASE_URL) projects.push(integration('integration-postgres', 'postgres'));
projects.push({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});

export default defineConfig({ test: { projects } });
