import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, type Actor, type Identity } from '../src/permissions/policy.ts';
import { DomainError } from '../src/services/errors.ts';
import { buildUser, startTestApp, type TestApp } from './harness.ts';

// "My uploads", "my communities" and "my requests" need a signed-in user. The services
// refuse an anonymous caller themselves, so no route can forget to.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const page = { page: 1, size: 10, sort: 'newest' as const };
const actor = (identity: Identity): Actor => ({ identity, groups: [], links: [] });
const nobody = actor(anonymous);
const forbidden = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy(
    (error) => error instanceof DomainError && error.kind === 'forbidden',
  );

describe('the "mine" lists refuse anonymous callers in the services', () => {
  it('my uploads, my communities, my requests', async () => {
    await forbidden(t.services.recordSearch.mine(nobody, { ...page, facets: {} }));
    await forbidden(t.services.communities.search(nobody, { ...page, mine: true }));
    await forbidden(t.services.requests.search(nobody, { ...page, mine: true }));
  });

  it('answer a signed-in user, and the public lists answer anyone', async () => {
    const user = await buildUser(t.services, { fullName: 'Mia Mine' });
    const me = actor({ userId: user.id, isAdmin: false, isSystem: false });
    expect((await t.services.recordSearch.mine(me, { ...page, facets: {} })).total).toBe(0);
    expect((await t.services.communities.search(me, { ...page, mine: true })).total).toBe(0);
    expect((await t.services.requests.search(me, { ...page, mine: true })).total).toBe(0);
    expect((await t.services.communities.search(nobody, page)).total).toBeGreaterThanOrEqual(0);
  });

  it('check the page window after the permission', async () => {
    const deep = { ...page, page: 10_000, size: 100 };
    await forbidden(t.services.requests.search(nobody, { ...deep, mine: true }));
    await expect(t.services.communities.search(nobody, deep)).rejects.toSatisfy(
      (error) => error instanceof DomainError && error.kind === 'invalid',
    );
  });
});
