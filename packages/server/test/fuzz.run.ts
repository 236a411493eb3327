import fc from 'fast-check';
import { expect } from 'vitest';
import { validateRecord } from '@arca/schema';
import { records } from '../src/db/schema.ts';
import type { TestApp, TestResponse } from './harness.ts';
import {
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  encodeHostile,
  mutated,
  shaped,
  type JsonSchema,
} from './fuzz.arbitraries.ts';
import type { Fixtures, Route } from './fuzz.fixtures.ts';

/** A fixed seed reproduces a run: ARCA_FUZZ_SEED=<the seed fast-check printed>. */
const SEED = process.env.ARCA_FUZZ_SEED ? Number(process.env.ARCA_FUZZ_SEED) : undefined;
/** ARCA_FUZZ_COUNT=1 counts every 5xx instead of stopping at (and shrinking) the first. */
const COUNT_ONLY = process.env.ARCA_FUZZ_COUNT === '1';

export const RUNS_SCALE = Number(process.env.ARCA_FUZZ_SCALE ?? 1);

/** JSON nested deeper than PostgreSQL's parser (or a recursive walk) can take. */
const DEEP_JSON = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

interface Case {
  url: string;
  body: { json: unknown } | { raw: string } | undefined;
}

const hostileText = fc.constantFrom(
  ...HOSTILE_STRINGS.filter((s) => s !== ''),
  ...HOSTILE_NUMBERS.map(String),
);

function pathValue(fixtures: Fixtures, route: Route, name: string) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...fixtures.values(route.path, name)) },
    { weight: 1, arbitrary: hostileText },
  );
}

function queryValue(schema: JsonSchema) {
  const typed =
    schema.type === 'integer' || schema.type === 'number'
      ? fc.integer({ min: -2, max: 30 }).map(String)
      : schema.enum
        ? fc.constantFrom(...schema.enum.map(String))
        : fc.constantFrom('soil', 'true', 'newest', 'title', 'user:1', 'dataset', '-created');
  return fc.oneof({ weight: 2, arbitrary: typed }, { weight: 1, arbitrary: hostileText });
}

function caseOf(fixtures: Fixtures, route: Route): fc.Arbitrary<Case> {
  const params = fc.tuple(...route.pathParams.map((name) => pathValue(fixtures, route, name)));
  const query = fc.record(
    Object.fromEntries(Object.entries(route.query).map(([name, s]) => [name, queryValue(s)])),
    { requiredKeys: [] },
  );
  const example = fixtures.examples[`${route.method} ${route.path}`];
  const json =
    example !== undefined
      ? mutated(fc.constant(example))
      : route.body
        ? mutated(shaped(route.body))
        : fc.constant(undefined);
  const body = route.body
    ? fc.oneof(
        { weight: 30, arbitrary: json.map((value) => ({ json: value })) },
        { weight: 1, arbitrary: fc.constant({ raw: DEEP_JSON }) },
      )
    : fc.constant(undefined);
  return fc.tuple(params, query, body).map(([values, q, b]) => {
    let path = route.path;
    route.pathParams.forEach((name, index) => {
      path = path.replace(`{${name}}`, encodeHostile(String(values[index])));
    });
    const search = Object.entries(q)
      .map(([name, value]) => `${name}=${encodeHostile(String(value))}`)
      .join('&');
    return { url: search ? `${path}?${search}` : path, body: b };
  });
}

export interface FuzzResult {
  requests: number;
  failures: { route: string; status: number; url: string; body: string }[];
}

/** Sends generated requests to each route; no answer may be a 5xx. */
export async function fuzzRoutes(
  t: TestApp,
  fixtures: Fixtures,
  routes: Route[],
  runsPerRoute: number,
): Promise<FuzzResult> {
  const result: FuzzResult = { requests: 0, failures: [] };
  for (const route of routes) {
    const send = async ({ url, body }: Case): Promise<TestResponse> => {
      result.requests += 1;
      const response = await fixtures.owner.request(route.method, url, {
        ...(body && 'json' in body && body.json !== undefined ? { body: body.json } : {}),
        ...(body && 'raw' in body ? { payload: body.raw } : {}),
      });
      if (response.status >= 500) {
        result.failures.push({
          route: `${route.method} ${route.path}`,
          status: response.status,
          url,
          body: body && 'json' in body ? JSON.stringify(body.json)?.slice(0, 300) : 'raw',
        });
      }
      return response;
    };
    await fc.assert(
      fc.asyncProperty(caseOf(fixtures, route), async (c) => {
        const response = await send(c);
        if (COUNT_ONLY) return true;
        expect(response.status, `${route.method} ${c.url}: ${response.body}`).toBeLessThan(500);
        return true;
      }),
      { numRuns: runsPerRoute, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  }
  if (COUNT_ONLY && result.failures.length > 0) {
    const byRoute = new Map<string, number>();
    for (const failure of result.failures) {
      byRoute.set(failure.route, (byRoute.get(failure.route) ?? 0) + 1);
    }
    console.log(`5xx: ${result.failures.length} of ${result.requests}`, byRoute);
    console.log(result.failures.slice(0, 40));
  }
  return result;
}

/**
 * After a fuzz run: the server still answers, and every published record passes
 * the strict validation publishing applies (unknown keys, custom fields and
 * limits included), as the site is configured.
 */
export async function expectHealthyAndValid(t: TestApp, fixtures: Fixtures) {
  expect((await t.client().get('/api/health')).status).toBe(200);
  expect((await fixtures.owner.get('/api/records?size=5')).status).toBe(200);
  const published = await t.db.select({ id: records.id, document: records.document }).from(records);
  const today = new Date().toISOString().slice(0, 10);
  for (const record of published) {
    const errors = validateRecord(record.document, {
      today,
      customFields: t.config.depositCustomFields,
    });
    expect(errors, record.id).toEqual([]);
  }
}
