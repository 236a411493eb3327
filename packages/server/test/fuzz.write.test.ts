// Property-based fuzz of every write endpoint: hostile but well-formed input is a 4xx, never a 5xx.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { buildFixtures, routeTable, type Fixtures, type Route } from './fuzz.fixtures.ts';
import { RUNS_SCALE, expectHealthyAndValid, fuzzRoutes } from './fuzz.run.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Logging out would end the run as a guest; deleting comes last so the objects live until then.
const SKIPPED = new Set(['POST /api/auth/logout']);
const ORDER = ['POST', 'PUT', 'PATCH', 'DELETE'];

let t: TestApp;
let fixtures: Fixtures;
let routes: Route[];
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  fixtures = await buildFixtures(t);
  routes = routeTable(t.app)
    .filter((r) => WRITES.has(r.method) && r.path.startsWith('/api/'))
    .filter((r) => !SKIPPED.has(`${r.method} ${r.path}`))
    .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
});
afterAll(() => t.close());

it('no write endpoint answers 5xx to generated input, and nothing invalid is published', async () => {
  expect(routes.length).toBeGreaterThan(40);
  const runs = Math.ceil((1600 * RUNS_SCALE) / routes.length);
  const result = await fuzzRoutes(t, fixtures, routes, runs);
  expect(result.requests).toBeGreaterThanOrEqual(1600 * RUNS_SCALE);
  expect(result.failures).toEqual([]);
  await expectHealthyAndValid(t, fixtures);
}, 120_000);
