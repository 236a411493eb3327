import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownUsers } from '../src/services/people.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity } from './communities.helpers.ts';
import { deleted, restore } from './communities.deletion.helpers.ts';

/**
 * A community's managers see its members' private profiles while it is live. Callers
 * whose actor carries no roles yet (an identity alone) have the roles read for them:
 * those must leave a deleted community out, as the actor's own roles do.
 */
let t: TestApp;
let owner: TestClient;
let admin: TestClient;
let ownerId: number;
let priyaId: number;
let communityId: string;

const identityOf = (userId: number) => ({ userId, isAdmin: false, isSystem: false });
const seesPriya = async () =>
  (await shownUsers(t.db, identityOf(ownerId), [{ id: priyaId, visibility: 'restricted' }])).has(
    priyaId,
  );

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const manager = await buildUser(t.services, { fullName: 'Mia Manager' });
  owner = t.client();
  await owner.login(manager.email);
  ownerId = manager.id;
  priyaId = (await buildUser(t.services, { fullName: 'Priya Private', visibility: 'restricted' }))
    .id;
  admin = t.client();
  await admin.login((await buildUser(t.services, { isAdmin: true })).email);
  communityId = (await createCommunity(owner, 'closing-lab')).id;
  await addMembers(owner, communityId, [priyaId], 'reader');
});
afterAll(() => t.close());

describe('private profiles and a deleted community', () => {
  it('are shown to the managers of a live community', async () => {
    expect(await seesPriya()).toBe(true);
  });
  it('are hidden from them once the community is deleted, and shown again once an admin restores it', async () => {
    await deleted(owner, communityId);
    expect(await seesPriya()).toBe(false);
    const restored = await restore(admin, communityId);
    expect(restored.status, restored.body).toBe(200);
    expect(await seesPriya()).toBe(true);
  });
});
