import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { communityEmailInvitations } from '../src/db/schema.communities.ts';
import { EMAIL_INVITATION_SENDINGS_PER_HOUR } from '../src/services/communities/email-invitations.service.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { entriesAbout } from './audit.helpers.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { linksIn, readMessage, startSmtp, type TestSmtp } from './smtp.helpers.ts';

// Invitations mailed to an address without an account, through the real SMTP path.
let smtp: TestSmtp;
let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ env: { ARCA_SMTP_URL: `smtp://arca:s3cret@127.0.0.1:${smtp.port}` } });
  owner = (await loggedIn(t, 'Olivia Owner')).client;
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PASSWORD = 'long enough password';
let sequence = 0;

/** Invites a fresh address; returns it and the token of the mailed link. */
async function inviteByMail(community: string, role = 'curator', message?: string) {
  sequence += 1;
  const email = `invitee${sequence}@example.org`;
  await t.services.jobs.runDue();
  const before = smtp.received.length;
  const sent = await owner.post(`/api/communities/${community}/email-invitations`, {
    emails: [email.toUpperCase()],
    role,
    ...(message ? { message } : {}),
  });
  expect(sent.status, sent.body).toBe(201);
  await t.services.jobs.runDue();
  const mail = smtp.received.slice(before).find((m) => m.to.includes(email))!;
  expect(mail).toBeDefined();
  const link = linksIn(mail.raw).find((url) => url.includes('/me/community-invitation?'))!;
  expect(link).toMatch(/^http:\/\/arca\.test\/me\/community-invitation\?token=/);
  return {
    email,
    mail,
    id: sent.json.hits.hits[0].id as string,
    token: new URL(link).searchParams.get('token')!,
  };
}

/** Signs up with an address, confirms it through its mailed link, and logs in. */
async function signUp(email: string, confirm = true) {
  await t.services.jobs.runDue();
  const before = smtp.received.length;
  const created = await t
    .client()
    .post('/api/auth/signup', { email, password: PASSWORD, full_name: `Person ${email}` });
  expect(created.status, created.body).toBe(202);
  await t.services.jobs.runDue();
  const welcome = smtp.received.slice(before).find((m) => m.to.includes(email))!;
  if (confirm) {
    const link = linksIn(welcome.raw).find((url) => url.includes('/verify-email?'))!;
    const token = new URL(link).searchParams.get('token');
    expect((await t.client().post('/api/auth/verify-email', { token })).status).toBe(204);
  }
  const browser = t.client();
  await browser.login(email, PASSWORD);
  return browser;
}

const claim = (client: TestClient, token: string) =>
  client.post('/api/community-invitations/claim', { token });

describe('invitations by e-mail', () => {
  it('mail a link that, once the address is confirmed, becomes an invitation to accept', async () => {
    const c = await createCommunity(owner, 'mail-invites', {
      access: { visibility: 'restricted' },
    });
    const invited = await inviteByMail(c.id, 'curator', 'Join us to curate.');
    const { subject, body } = readMessage(invited.mail.raw);
    expect(subject).toBe('Invitation to join Community mail-invites at Arca');
    expect(body).toContain('Olivia Owner invited you to join the community Community mail-invites');
    expect(body).toContain('Join us to curate.');
    const open = await owner.get(`/api/communities/${c.id}/email-invitations`);
    expect(open.json.hits.hits).toMatchObject([{ email: invited.email, role: 'curator' }]);

    // Signed up but not yet confirmed: the link waits.
    const person = await signUp(invited.email, false);
    const early = await claim(person, invited.token);
    expect(early.status).toBe(403);
    const me = await person.get('/api/me');
    await t.services.accounts.update(Number(me.json.id), { email_verified: true });

    const claimed = await claim(person, invited.token);
    expect(claimed.status, claimed.body).toBe(200);
    expect(claimed.json.links.self_html).toBe(`http://arca.test/me/requests/${claimed.json.id}`);
    const request = await person.get(`/api/requests/${claimed.json.id}`);
    expect(request.json).toMatchObject({ type: 'community-invitation', status: 'submitted' });
    const timeline = await person.get(`/api/requests/${claimed.json.id}/timeline`);
    expect(JSON.stringify(timeline.json)).toContain('Join us to curate.');
    // The link works once.
    expect((await claim(person, invited.token)).status).toBe(400);
    expect((await owner.get(`/api/communities/${c.id}/email-invitations`)).json.hits.total).toBe(0);

    const accepted = await person.post(`/api/requests/${claimed.json.id}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    const members = (await owner.get(`/api/communities/${c.id}/members`)).json.hits.hits as {
      id: string;
      role: string;
    }[];
    expect(members.find((m) => m.id === me.json.id)?.role).toBe('curator');
    // The audit log has the new member, added by their own acceptance (issue "Audit log").
    const added = await entriesAbout(t, c.id);
    // (the first entry is the owner made one by creating the community).
    expect(added.filter((row) => row.action === 'community.member_add').slice(1)).toMatchObject([
      {
        actorId: Number(me.json.id),
        actorAddress: '127.0.0.1',
        after: {
          user: Number(me.json.id),
          role: 'curator',
          via: 'invitation',
          request: claimed.json.id,
        },
      },
    ]);
    // Restricted, yet now the newcomer sees it.
    expect((await person.get(`/api/communities/${c.id}`)).status).toBe(200);
  });

  it('cannot be claimed by another address, and can be declined by its own', async () => {
    const c = await createCommunity(owner, 'mail-wrong');
    const invited = await inviteByMail(c.id, 'reader');
    const stranger = await signUp(`stranger${sequence}@example.org`);
    const wrong = await claim(stranger, invited.token);
    expect(wrong.status).toBe(403);
    expect(wrong.json.message).toBe(
      'This invitation was sent to another email address. Log in with the address it was sent to.',
    );
    expect((await claim(t.client(), invited.token)).status).toBe(401);

    const person = await signUp(invited.email);
    const claimed = await claim(person, invited.token);
    expect(claimed.status, claimed.body).toBe(200);
    expect((await person.post(`/api/requests/${claimed.json.id}/actions/decline`)).status).toBe(
      200,
    );
    const members = (await owner.get(`/api/communities/${c.id}/members`)).json.hits.total;
    expect(members).toBe(1);
  });

  it('expire, can be withdrawn, and refuse forged or duplicate links', async () => {
    const c = await createCommunity(owner, 'mail-expiry');
    const expiring = await inviteByMail(c.id);
    // A second invitation to an open address is refused.
    const twice = await owner.post(`/api/communities/${c.id}/email-invitations`, {
      emails: [expiring.email],
      role: 'reader',
    });
    expect(twice.status).toBe(400);
    await t.db
      .update(communityEmailInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(communityEmailInvitations.id, expiring.id));
    const person = await signUp(expiring.email);
    const late = await claim(person, expiring.token);
    expect(late.status).toBe(400);
    expect(late.json.message).toBe(
      'This invitation link is invalid, was already used or has expired.',
    );
    const [signature = ''] = expiring.token.split('.').slice(1);
    const forged = `${Buffer.from(JSON.stringify({ u: 1, e: 9e9, f: expiring.id })).toString('base64url')}.${signature}`;
    expect((await claim(person, forged)).status).toBe(400);

    // Withdrawn: the link stops working.
    const withdrawn = await inviteByMail(c.id);
    const cancel = await owner.delete(`/api/communities/${c.id}/email-invitations/${withdrawn.id}`);
    expect(cancel.status).toBe(204);
    expect((await claim(await signUp(withdrawn.email), withdrawn.token)).status).toBe(400);
  });

  it('follow the member rules: managers only, owners by owners', async () => {
    const c = await createCommunity(owner, 'mail-rules');
    const manager = await loggedIn(t, 'Max Manager');
    const reader = await loggedIn(t, 'Rut Reader');
    await addMembers(owner, c.id, [manager.user.id], 'manager');
    await addMembers(owner, c.id, [reader.user.id], 'reader');
    const invite = (client: TestClient, role: string, emails: unknown = ['x@example.org']) =>
      client.post(`/api/communities/${c.id}/email-invitations`, { emails, role });
    expect((await invite(reader.client, 'reader')).status).toBe(403);
    expect((await invite(manager.client, 'owner')).status).toBe(403);
    const bad = await invite(manager.client, 'reader', ['not an address']);
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe('emails.0');
  });

  it('are mailed a limited number of times an hour per community', async () => {
    const c = await createCommunity(owner, 'mail-limit');
    const send = (n: number) =>
      owner.post(`/api/communities/${c.id}/email-invitations`, {
        emails: [`limit${n}@example.org`],
        role: 'reader',
      });
    for (let n = 0; n < EMAIL_INVITATION_SENDINGS_PER_HOUR; n += 1) {
      expect((await send(n)).status).toBe(201);
    }
    const refused = await send(EMAIL_INVITATION_SENDINGS_PER_HOUR);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another community's mail is not held back.
    const other = await createCommunity(owner, 'mail-limit-other');
    expect(
      (
        await owner.post(`/api/communities/${other.id}/email-invitations`, {
          emails: ['limit-other@example.org'],
          role: 'reader',
        })
      ).status,
    ).toBe(201);
  });

  it('give one invitation request to ten parallel claims of one link', async () => {
    const c = await createCommunity(owner, 'mail-race');
    const invited = await inviteByMail(c.id, 'reader');
    const person = await signUp(invited.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => claim(person, invited.token)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(9);
    const mine = (await person.get('/api/user/requests')).json.hits.hits as { type: string }[];
    expect(mine.filter((r) => r.type === 'community-invitation')).toHaveLength(1);
  });
});
