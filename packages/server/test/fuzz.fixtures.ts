import { expect } from 'vitest';
import { buildUser, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishable, publishRecord } from './records.helpers.ts';
import { createCommunity } from './communities.helpers.ts';
import { uploadFile } from './files.helpers.ts';
import type { JsonSchema } from './fuzz.arbitraries.ts';

export interface Route {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  /** The JSON body's schema; undefined when the route takes no JSON body. */
  body: JsonSchema | undefined;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The routes as the app itself describes them (OpenAPI), so new routes are fuzzed too. */
export function routeTable(app: TestApp['app']): Route[] {
  const spec = (app as unknown as { swagger(): { paths: Record<string, object> } }).swagger();
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(
      operations as Record<string, OpenApiOperation>,
    )) {
      const params = operation.parameters ?? [];
      const content = operation.requestBody?.content;
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: content?.['application/json']
          ? (content['application/json'].schema ?? {})
          : undefined,
      });
    }
  }
  return routes;
}

/** What the fuzz works on: an owner (administrator) and one of each kind of object. */
export interface Fixtures {
  owner: TestClient;
  /** Real values for path parameters, by route path prefix and parameter name. */
  values(path: string, name: string): string[];
  /** Valid bodies of routes whose schema says only "an object" (record documents). */
  examples: Record<string, unknown>;
}

export async function buildFixtures(t: TestApp): Promise<Fixtures> {
  const ownerUser = await buildUser(t.services, { fullName: 'Fuzz Owner', isAdmin: true });
  const owner = t.client();
  await owner.login(ownerUser.email);
  const other = await buildUser(t.services, { fullName: 'Fuzz Other', visibility: 'public' });

  const published = await publishRecord(owner);
  const draft = (await createDraft(owner, publishable('Fuzz draft', { files: { enabled: true } })))
    .json as { id: string };
  await uploadFile(owner, draft.id, 'data.csv', Buffer.from('a,b\n1,2\n'));
  const reviewed = (await createDraft(owner, publishable('Fuzz review'))).json as { id: string };
  const community = await createCommunity(owner, 'fuzz-lab');
  const review = await owner.put(`/api/records/${reviewed.id}/draft/review`, {
    receiver: { community: community.id },
    type: 'community-submission',
  });
  expect(review.status, review.body).toBe(200);
  const submitted = await owner.post(`/api/records/${reviewed.id}/draft/actions/submit-review`);
  expect(submitted.status, submitted.body).toBe(202);
  const requestId = (submitted.json as { id: string }).id;
  const commented = await owner.post(`/api/requests/${requestId}/comments`, {
    payload: { content: '<p>Fuzz</p>', format: 'html' },
  });
  expect(commented.status, commented.body).toBe(201);

  const base = `/api/records/${published.id}/access`;
  const grant = await owner.post(`${base}/grants`, {
    grants: [{ subject: { type: 'user', id: String(other.id) }, permission: 'view' }],
  });
  expect(grant.status, grant.body).toBe(201);
  const link = await owner.post(`${base}/links`, { permission: 'view' });
  expect(link.status, link.body).toBe(201);
  const token = await owner.post('/api/user/tokens', { name: 'fuzz' });
  expect(token.status, token.body).toBe(201);
  const group = await t.services.groups.create({ name: 'fuzz-team', title: 'Fuzz team' });

  const recordIds = [draft.id, published.id as string];
  const byName: Record<string, string[]> = {
    grantId: [(grant.json as { hits: { hits: { id: string }[] } }).hits.hits[0]!.id],
    linkId: [(link.json as { id: string }).id],
    subjectId: [String(other.id), group.id],
    key: ['data.csv'],
    part: ['1'],
    scheme: ['doi'],
    eventId: [(commented.json as { id: string }).id],
    action: ['accept', 'decline', 'cancel', 'submit', 'expire'],
    userId: [String(other.id)],
    type: ['subjects', 'licenses', 'resourcetypes'],
    '*': ['dataset', 'cc-by-4.0'],
  };
  const idByPrefix: [string, string[]][] = [
    ['/api/records/', recordIds],
    ['/api/admin/records/', recordIds],
    ['/api/communities/', [community.id, community.slug]],
    ['/api/requests/', [requestId]],
    ['/api/admin/groups/', [group.id]],
    ['/api/groups/', [group.id]],
    ['/api/admin/users/', [String(other.id)]],
    ['/api/users/', [String(other.id)]],
    ['/api/user/tokens/', [String((token.json as { id: number }).id)]],
    ['/api/vocabularies/', ['dataset']],
  ];
  return {
    owner,
    values(path, name) {
      if (name !== 'id') return byName[name] ?? ['x'];
      return idByPrefix.find(([prefix]) => path.startsWith(prefix))?.[1] ?? ['1'];
    },
    examples: {
      'POST /api/records': publishable('Fuzzed record'),
      'PUT /api/records/{id}/draft': publishable('Fuzzed draft', { files: { enabled: true } }),
      'PUT /api/records/{id}': publishable('Fuzzed edit'),
    },
  };
}
