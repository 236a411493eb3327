import { configDefaults, defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// Tiers (STYLE.md §9): unit beside the code, web components in jsdom,
// integration against PGlite and (when DATABASE_URL is set) PostgreSQL,
// and browser flows in Chromium.
//
// Vitest's default is one worker on a 2-core machine, which leaves a core idle
// while a test waits on PostgreSQL or a PGlite query: every tier runs two files
// at a time. A browser flow too: its server, browser and test wait on each other
// (timers, transitions, round trips) and keep the two cores about 45 % busy, so
// two flows side by side took three quarters of the time of one after the other
// (the whole flows: 490 s against 664 s, 2026-11-28).
//
// The server's tests and the browser flows share their workers' modules
// (`isolate: false`): none mocks a module or changes globals, and importing the
// app afresh for each file took a quarter of the server tests' time (for a flow,
// seconds on a loaded machine).
const WORKERS = 2;

// Web tests that check what a page has not loaded yet: they need modules of their own.
const WEB_FRESH_MODULES = ['src/deposit/fields/SortableItem.test.tsx'];

// Server tests whose subject has no database of the run's choice (the PGlite template,
// the DataCite test server, the OpenAPI document): once, with PGlite, is enough.
const SERVER_WITHOUT_DATABASE = [
  'packages/server/test/pglite-template.test.ts',
  'packages/server/test/datacite-server.test.ts',
  'packages/server/test/openapi.test.ts',
];

const integration = (name: string, db: string): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['packages/server/test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(db === 'postgres' ? SERVER_WITHOUT_DATABASE : [])],
    env: { ARCA_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['packages/server/test/global-setup.ts'],
    maxWorkers: WORKERS,
    isolate: false,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'unit',
      include: ['packages/schema/src/**/*.test.ts', 'packages/server/src/**/*.test.ts'],
      maxWorkers: WORKERS,
      isolate: false,
    },
  },
  {
    extends: './packages/web/vite.config.ts',
    // Shared modules here too (packages/web/src/test/setup.ts clears what pages keep in
    // module-level stores): a fresh jsdom and module graph per file took two thirds of the time.
    test: {
      name: 'web',
      root: './packages/web',
      maxWorkers: WORKERS,
      isolate: false,
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: [...configDefaults.exclude, ...WEB_FRESH_MODULES],
    },
  },
  {
    extends: './packages/web/vite.config.ts',
    test: { name: 'web-fresh', root: './packages/web', include: WEB_FRESH_MODULES },
  },
  integration('integration-pglite', 'pglite'),
];
if (process.env.DATABASE_URL) projects.push(integration('integration-postgres', 'postgres'));
projects.push({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    // A whole flow (sign in, fill, upload, review) takes 25 to 50 s on two loaded cores.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A browser on a loaded machine takes longer than Vitest's 1 s to open a lazy dialog and
    // move focus; Playwright's own waits allow 30 s.
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: WORKERS,
    isolate: false,
    globalSetup: ['e2e/global-setup.ts'],
    sequence: { groupOrder: 1 },
  },
});

// The pool's own limit: each project's maxWorkers only caps it further.
export default defineConfig({ test: { maxWorkers: WORKERS, projects } });
