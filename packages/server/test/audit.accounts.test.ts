// The audit log of the ways into an account (issue "Audit log"): its creation,
// a confirmed change of its address, API tokens made and revoked. Each is one
// entry about the user, written with the change, never with a secret in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, signToken } from '../src/auth/signed-tokens.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { actions, allEntries, entriesAbout } from './audit.helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 180_000);
afterAll(() => t.close());

async function signedIn(): Promise<{ id: number; email: string; browser: TestClient }> {
  const user = await buildUser(t.services);
  const browser = t.client();
  await browser.login(user.email);
  return { id: user.id, email: user.email, browser };
}

describe('API tokens', () => {
  it('records creating and revoking a token with its id and name, never the token', async () => {
    const { id, browser } = await signedIn();
    const created = await browser.post('/api/user/tokens', { name: 'nightly harvest' });
    expect(created.status, created.body).toBe(201);
    const tokenId = Number(created.json.id);
    expect((await browser.delete(`/api/user/tokens/${tokenId}`)).status).toBe(204);

    const rows = await entriesAbout(t, id);
    expect(actions(rows)).toEqual(['token.create', 'token.revoke']);
    expect(rows[0]).toMatchObject({
      actorId: id,
      actorAddress: '127.0.0.1',
      subjectType: 'user',
      before: null,
      after: { token_id: tokenId, name: 'nightly harvest' },
    });
    expect(rows[1]).toMatchObject({
      actorId: id,
      before: { token_id: tokenId, name: 'nightly harvest' },
      after: null,
    });
    expect(JSON.stringify(rows)).not.toContain(created.json.token as string);
  });

  it('records nothing when revoking another user’s token is refused', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const created = await theirs.browser.post('/api/user/tokens', { name: 'theirs' });
    expect(created.status).toBe(201);
    const refused = await mine.browser.delete(`/api/user/tokens/${created.json.id as string}`);
    expect(refused.status).toBe(404);
    expect(await entriesAbout(t, mine.id)).toEqual([]);
    expect(actions(await entriesAbout(t, theirs.id))).toEqual(['token.create']);
  });
});

describe('parallel revokes', () => {
  it('10 parallel revokes of one token are recorded once', async () => {
    const { id, browser } = await signedIn();
    const created = await browser.post('/api/user/tokens', { name: 'raced' });
    expect(created.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        browser.delete(`/api/user/tokens/${created.json.id as string}`),
      ),
    );
    expect(answers.filter((answer) => answer.status === 204)).toHaveLength(1);
    expect(actions(await entriesAbout(t, id))).toEqual(['token.create', 'token.revoke']);
  });
});

describe('address change', () => {
  it('records the confirmed change, old and new address, by the account’s owner', async () => {
    const { id, email, browser } = await signedIn();
    const next = `moved-${id}@example.org`;
    const token = signToken(t.config.secretKey, 'email-change', {
      u: id,
      e: Math.floor(Date.now() / 1000) + 600,
      f: fingerprint(email),
      n: next,
    });
    // The link a request mails to the new address: following it changes the address.
    expect((await browser.post('/api/auth/verify-email', { token })).status).toBe(204);
    // The link works once: no second entry.
    expect((await t.client().post('/api/auth/verify-email', { token })).status).toBe(400);

    const rows = await entriesAbout(t, id);
    expect(actions(rows)).toEqual(['account.email_change']);
    expect(rows[0]).toMatchObject({
      actorId: id,
      actorAddress: '127.0.0.1',
      before: { email },
      after: { email: next },
    });
  });
});

describe('account creation', () => {
  it('records a sign-up as the new user’s own act, without the password', async () => {
    const email = 'audited.signup@example.org';
    const password = 'a long enough password';
    const answer = await t
      .client()
      .post('/api/auth/signup', { email, password, full_name: 'Sam Signup' });
    expect(answer.status, answer.body).toBe(202);
    const rows = (await allEntries(t)).filter((row) => row.action === 'account.create');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: Number(rows[0]!.subjectId),
      actorAddress: '127.0.0.1',
      subjectType: 'user',
      after: { email, is_admin: false, active: true, via: 'signup' },
    });
    expect(JSON.stringify(rows)).not.toContain(password);
    // Signing up again with a known address creates nothing, so records nothing.
    await t.client().post('/api/auth/signup', { email, password, full_name: 'Sam Again' });
    expect((await allEntries(t)).filter((row) => row.action === 'account.create')).toHaveLength(1);
  });

  it('records an account made by a first sign-in through a provider', async () => {
    const profile = {
      provider: 'test-idp',
      subject: 'audited-subject',
      verifiedEmail: 'first.provider@example.org',
      name: 'Pat Provider',
      affiliation: '',
      orcid: null,
    };
    const user = await t.services.identities.signIn(profile, { createAccounts: true }, '192.0.2.7');
    // The second sign-in finds the account: nothing new.
    await t.services.identities.signIn(profile, { createAccounts: true }, '192.0.2.7');
    const rows = await entriesAbout(t, user.id);
    expect(actions(rows)).toEqual(['account.create']);
    expect(rows[0]).toMatchObject({
      actorId: user.id,
      actorAddress: '192.0.2.7',
      after: { email: 'first.provider@example.org', via: 'provider', provider: 'test-idp' },
    });
  });
});
