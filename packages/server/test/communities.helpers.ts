import { expect } from 'vitest';
import type { TestApp, TestClient } from './harness.ts';
import { buildUser } from './harness.ts';

export function communityBody(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    slug,
    metadata: { title: `Community ${slug}`, description: `About ${slug}.` },
    ...overrides,
  };
}

/** Creates a community through the API; its creator becomes its owner. */
export async function createCommunity(
  client: TestClient,
  slug: string,
  overrides: Record<string, unknown> = {},
) {
  const response = await client.post('/api/communities', communityBody(slug, overrides));
  expect(response.status, response.body).toBe(201);
  return response.json as { id: string; slug: string } & Record<string, unknown>;
}

/** Adds users to a community with a role, as its owner. */
export async function addMembers(
  owner: TestClient,
  communityId: string,
  userIds: number[],
  role: string,
) {
  const response = await owner.post(`/api/communities/${communityId}/members`, {
    members: userIds.map((id) => ({ type: 'user', id: String(id) })),
    role,
  });
  expect(response.status, response.body).toBe(204);
}

/** A signed-in user with their own cookie jar. */
export async function loggedIn(t: TestApp, fullName: string) {
  const user = await buildUser(t.services, { fullName });
  const client = t.client();
  await client.login(user.email);
  return { user, client };
}
