import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequestTokens } from '../src/services/access-requests/tokens.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

/**
 * `request.actor` is worked out by one preHandler per request, for the routes that
 * act on records, communities and requests, from every credential the caller holds.
 */
let t: TestApp;
let owner: TestClient;
/** Calls of what the actor is made of, counted on the services the app uses. */
const calls = { links: 0, memberships: 0, requestTokens: 0 };

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const { access, communities, accessRequests } = t.services;
  const validLinks = access.validLinks.bind(access);
  access.validLinks = (presented) => {
    calls.links += 1;
    return validLinks(presented);
  };
  const membershipsOf = communities.membershipsOf.bind(communities);
  communities.membershipsOf = (userId) => {
    calls.memberships += 1;
    return membershipsOf(userId);
  };
  const verify = accessRequests.verifyRequestToken.bind(accessRequests);
  accessRequests.verifyRequestToken = (token) => {
    calls.requestTokens += 1;
    return verify(token);
  };
  const user = await buildUser(t.services);
  owner = t.client();
  await owner.login(user.email);
});
afterAll(() => t.close());

/** The answer and how often the actor was resolved (secret links looked up) meanwhile. */
async function counted(send: () => ReturnType<TestClient['get']>) {
  const before = { ...calls };
  const response = await send();
  return {
    response,
    resolved: calls.links - before.links,
    memberships: calls.memberships - before.memberships,
    requestTokens: calls.requestTokens - before.requestTokens,
  };
}

const restricted = (title: string) =>
  publishable(title, { access: { record: 'restricted', files: 'restricted' } });

describe('request.actor', () => {
  it('is resolved once per request from the session cookie', async () => {
    const record = await publishRecord(owner, restricted('Session actor'));
    const read = await counted(() => owner.get(`/api/records/${record.id}`));
    expect(read.response.status).toBe(200);
    expect(read.resolved).toBe(1);
    // The session carries the community roles: no lookup.
    expect(read.memberships).toBe(0);
    // A search reads every hit with the same actor.
    await publishRecord(owner, restricted('Session actor bis'));
    const mine = await counted(() => owner.get('/api/user/records?size=10'));
    expect(mine.response.status).toBe(200);
    expect(mine.response.json.hits.total).toBeGreaterThanOrEqual(2);
    expect(mine.resolved).toBe(1);
    // Strangers are strangers.
    expect((await t.client().get(`/api/records/${record.id}`)).status).toBe(403);
  });

  it('is resolved once from a bearer token, and a bad token still answers 401 first', async () => {
    const record = await publishRecord(owner, restricted('Token actor'));
    const created = await owner.post('/api/user/tokens', { name: 'script' });
    expect(created.status).toBe(201);
    const script = t.client();
    script.bearer = created.json.token;
    const read = await counted(() => script.get(`/api/records/${record.id}/draft`));
    // No draft after publishing: the actor was the owner's, or this would be 403.
    expect(read.response.status).toBe(404);
    const own = await counted(() => script.get(`/api/records/${record.id}`));
    expect(own.response.status).toBe(200);
    expect(own.resolved).toBe(1);
    expect(own.memberships).toBe(1);

    const forged = t.client();
    forged.bearer = 'arca_not-a-token';
    const refused = await counted(() => forged.get(`/api/records/${record.id}`));
    expect(refused.response.status).toBe(401);
    expect(refused.resolved).toBe(0);
  });

  it('keeps a secret link given as ?token= and remembered in a cookie', async () => {
    const record = await publishRecord(owner, restricted('Link actor'));
    const link = (
      await owner.post(`/api/records/${record.id}/access/links`, { permission: 'view' })
    ).json;
    const guest = t.client();
    const first = await counted(() => guest.get(`/api/records/${record.id}?token=${link.token}`));
    expect(first.response.status).toBe(200);
    expect(first.resolved).toBe(1);
    expect(guest.cookies.get('links')).toBe(link.token);
    const again = await counted(() => guest.get(`/api/records/${record.id}`));
    expect(again.response.status).toBe(200);
    expect(again.resolved).toBe(1);
  });

  it("keeps a guest's access-request token", async () => {
    const record = await publishRecord(
      owner,
      publishable('Guest actor', { access: { record: 'public', files: 'restricted' } }),
    );
    const settings = await owner.put(`/api/records/${record.id}/access`, {
      allow_guest_requests: true,
    });
    expect(settings.status, settings.body).toBe(200);
    const { token } = accessRequestTokens(t.config.secretKey).verificationToken({
      recordId: record.id,
      email: 'guest@actor.example',
      fullName: 'Guest Actor',
      message: '',
      consent: false,
    });
    const confirmed = await t.client().post('/api/access/requests/confirm', {
      access_request_token: token,
    });
    expect(confirmed.status, confirmed.body).toBe(200);
    const { id, access_request_token: requestToken } = confirmed.json;

    const guest = t.client();
    const read = await counted(() =>
      guest.get(`/api/requests/${id}?access_request_token=${encodeURIComponent(requestToken)}`),
    );
    expect(read.response.status, read.response.body).toBe(200);
    expect(read.resolved).toBe(1);
    expect(read.requestTokens).toBe(1);
    // Remembered for the calls that follow, as the web app makes them.
    expect((await guest.get(`/api/requests/${id}`)).status).toBe(200);
    expect((await t.client().get(`/api/requests/${id}`)).status).toBe(403);
  });

  it('is not worked out for routes that need only the identity', async () => {
    const tokens = await counted(() => owner.get('/api/user/tokens'));
    expect(tokens.response.status).toBe(200);
    expect(tokens.resolved).toBe(0);
    const missing = await counted(() => owner.get('/api/no-such-route'));
    expect(missing.response.status).toBe(404);
    expect(missing.resolved).toBe(0);
  });
});
