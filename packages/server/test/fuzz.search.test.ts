// Property-based fuzz of the search endpoints' query strings (q, sort, page, size, filters).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { buildFixtures, routeTable, type Fixtures, type Route } from './fuzz.fixtures.ts';
import { RUNS_SCALE, expectHealthyAndValid, fuzzRoutes } from './fuzz.run.ts';

let t: TestApp;
let fixtures: Fixtures;
let routes: Route[];
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  fixtures = await buildFixtures(t);
  // Every GET that takes a query string: searches, lists and their pages.
  routes = routeTable(t.app).filter(
    (r) => r.method === 'GET' && r.path.startsWith('/api/') && Object.keys(r.query).length > 0,
  );
});
afterAll(() => t.close());

it('no search answers 5xx to generated query strings', async () => {
  expect(routes.length).toBeGreaterThan(10);
  const runs = Math.ceil((600 * RUNS_SCALE) / routes.length);
  const result = await fuzzRoutes(t, fixtures, routes, runs);
  expect(result.requests).toBeGreaterThanOrEqual(600 * RUNS_SCALE);
  expect(result.failures).toEqual([]);
  await expectHealthyAndValid(t, fixtures);
}, 120_000);
