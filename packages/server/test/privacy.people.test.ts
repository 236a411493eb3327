import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity } from './communities.helpers.ts';
import { createDraft, publishRecord, publishable } from './records.helpers.ts';

/**
 * Private profiles (issue 22, item 7): wherever the server names a user, a private
 * one is named to themselves, administrators and managers of their communities only
 * (personPolicy.canReadUserDetails); everyone else gets the id and no name.
 */
let t: TestApp;
const who: Record<string, TestClient> = {};
let priya: { id: number; email: string };
let paul: { id: number };
let community: { id: string };
let curatorEmail: string;
let managerEmail: string;

const PRIVATE_NAME = 'Priya Private';
const PRIVATE_AFFILIATION = 'Hidden Institute';

async function signedIn(name: string, fullName: string, extra: Parameters<typeof buildUser>[1]) {
  const user = await buildUser(t.services, { fullName, ...extra });
  const client = t.client();
  await client.login(user.email);
  who[name] = client;
  return user;
}

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  who.anonymous = t.client();
  // Priya starts public so that Paul can share a record with her; she then hides her profile.
  const p = await signedIn('self', PRIVATE_NAME, {
    visibility: 'public',
    emailVisibility: 'public',
  });
  await t.services.accounts.update(p.id, { profile: { affiliations: PRIVATE_AFFILIATION } });
  priya = p;
  const pub = await signedIn('public', 'Paul Public', { visibility: 'public' });
  await t.services.accounts.update(pub.id, { profile: { affiliations: 'Open University' } });
  paul = pub;
  const manager = await signedIn('manager', 'Mia Manager', {});
  const fellow = await signedIn('fellow', 'Fred Fellow', {});
  const curator = await signedIn('curator', 'Cleo Curator', {});
  await signedIn('stranger', 'Sam Stranger', {});
  await signedIn('admin', 'Ada Admin', { isAdmin: true });

  community = await createCommunity(who.manager!, 'privacy-lab');
  await addMembers(who.manager!, community.id, [priya.id, fellow.id, paul.id], 'reader');
  await addMembers(who.manager!, community.id, [curator.id], 'curator');
  curatorEmail = curator.email;
  managerEmail = manager.email;

  const shared = await publishRecord(who.public!, publishable('Shared with Priya'));
  const granted = await who.public!.post(`/api/records/${shared.id}/access/grants`, {
    grants: [{ subject: { type: 'user', id: String(priya.id) }, permission: 'view' }],
  });
  expect(granted.status, granted.body).toBe(201);
  sharedId = shared.id;
  await t.services.accounts.update(priya.id, {
    preferences: { visibility: 'restricted', email_visibility: 'public' },
  });
});
afterAll(() => t.close());

let sharedId: string;

/** Who may see Priya's name, and who may not, in every place. */
const SEES = ['self', 'admin', 'manager'] as const;
const BLIND = ['anonymous', 'stranger', 'fellow'] as const;

interface Named {
  id?: string;
  username?: string | null;
  email?: string;
  profile?: { full_name?: string; affiliations?: string };
}

function expectHidden(user: Named | undefined, label: string) {
  expect(user, label).toBeDefined();
  expect(user!.id, label).toBe(String(priya.id));
  expect(user!.profile?.full_name ?? '', label).toBe('');
  expect(user!.profile?.affiliations ?? '', label).toBe('');
  expect(user!.email, label).toBeUndefined();
  expect(JSON.stringify(user), label).not.toContain('Priya');
  expect(JSON.stringify(user), label).not.toContain(priya.email);
}

function expectShown(user: Named | undefined, label: string) {
  expect(user?.profile?.full_name, label).toBe(PRIVATE_NAME);
}

describe('record expand (parent.access.owned_by)', () => {
  let recordId: string;
  beforeAll(async () => {
    recordId = (await publishRecord(who.self!, publishable('Owned by Priya'))).id;
  });
  const ownerAs = async (name: string) => {
    const response = await who[name]!.get(`/api/records/${recordId}?expand=1`);
    expect(response.status, response.body).toBe(200);
    return response.json.expanded.parent.access.owned_by as Named;
  };

  it.each(BLIND)('hides a private owner from %s', async (name) => {
    expectHidden(await ownerAs(name), name);
  });
  it.each(SEES)('shows a private owner to %s', async (name) => {
    const owner = await ownerAs(name);
    expectShown(owner, name);
    expect(owner.profile?.affiliations).toBe(PRIVATE_AFFILIATION);
  });
  it('hides them in search hits too', async () => {
    const response = await who.anonymous!.get('/api/records?q=%22Owned%20by%20Priya%22&expand=1');
    expect(response.status).toBe(200);
    expect(response.json.hits.hits).toHaveLength(1);
    expectHidden(response.json.hits.hits[0].expanded.parent.access.owned_by, 'search hit');
  });
  it('names a public owner to anyone, as before', async () => {
    const record = await publishRecord(who.public!, publishable('Owned by Paul'));
    const response = await who.anonymous!.get(`/api/records/${record.id}?expand=1`);
    expect(response.json.expanded.parent.access.owned_by.profile).toEqual({
      full_name: 'Paul Public',
      affiliations: 'Open University',
    });
  });
});

describe('community members', () => {
  const membersAs = async (name: string) => {
    const response = await who[name]!.get(`/api/communities/${community.id}/members`);
    expect(response.status, response.body).toBe(200);
    const hits = response.json.hits.hits as { id: string; user: Named }[];
    return {
      priya: hits.find((hit) => hit.id === String(priya.id))?.user,
      paul: hits.find((hit) => hit.id === String(paul.id))?.user,
    };
  };

  it.each(['fellow', 'curator'])('lists a private member to a %s by id only', async (name) => {
    const members = await membersAs(name);
    expectHidden(members.priya, name);
    expect(members.paul?.profile?.full_name).toBe('Paul Public');
  });
  it.each(SEES)('names a private member to %s', async (name) => {
    expectShown((await membersAs(name)).priya, name);
  });
});

describe('requests and their timeline (expand=1)', () => {
  let requestId: string;
  beforeAll(async () => {
    const draft = (await createDraft(who.self!, publishable('Submitted by Priya'))).json;
    const put = await who.self!.put(`/api/records/${draft.id}/draft/review`, {
      receiver: { community: community.id },
      type: 'community-submission',
    });
    expect(put.status, put.body).toBe(200);
    const submit = await who.self!.post(`/api/records/${draft.id}/draft/actions/submit-review`, {
      payload: { content: '<p>Please review.</p>', format: 'html' },
    });
    expect(submit.status, submit.body).toBe(202);
    requestId = submit.json.id;
  });

  it('names the creator to a curator who decides the request, and only there', async () => {
    // Those who decide a request are told who made it (requestPolicy.canNameCreator)…
    const read = await who.curator!.get(`/api/requests/${requestId}?expand=1`);
    expect(read.status, read.body).toBe(200);
    expectShown(read.json.expanded?.created_by, 'curator');
    const timeline = await who.curator!.get(`/api/requests/${requestId}/timeline?expand=1`);
    expect(timeline.status).toBe(200);
    const mine = (timeline.json.hits.hits as { created_by: { user?: string } }[]).filter(
      (hit) => hit.created_by.user === String(priya.id),
    );
    expect(mine.length).toBeGreaterThan(0);
    for (const hit of mine)
      expectShown((hit as { expanded?: { created_by?: Named } }).expanded?.created_by, 'curator');
    // …while the profile itself stays private to a curator who does not manage.
    expect((await who.curator!.get(`/api/users/${priya.id}`)).status).toBe(403);
  });
  it.each(SEES)('names them to %s', async (name) => {
    const read = await who[name]!.get(`/api/requests/${requestId}?expand=1`);
    expect(read.status, read.body).toBe(200);
    expectShown(read.json.expanded?.created_by, name);
    const timeline = await who[name]!.get(`/api/requests/${requestId}/timeline?expand=1`);
    const event = (timeline.json.hits.hits as { expanded?: { created_by?: Named } }[]).find(
      (hit) => hit.expanded?.created_by?.id === String(priya.id),
    );
    expectShown(event?.expanded?.created_by, name);
  });
  it('refuses the request itself to strangers, as before', async () => {
    expect((await who.stranger!.get(`/api/requests/${requestId}?expand=1`)).status).toBe(403);
    expect((await who.fellow!.get(`/api/requests/${requestId}?expand=1`)).status).toBe(403);
  });
});

describe('submission mails', () => {
  const mailsTo = async (since: number) => {
    await t.services.jobs.runDue();
    const response = await who.admin!.get('/api/admin/outbox?size=1000');
    const all = (response.json.hits.hits as { to: string; text: string }[]).slice().reverse();
    return all.slice(since);
  };
  const mailCount = async () => {
    await t.services.jobs.runDue();
    return (await who.admin!.get('/api/admin/outbox?size=1')).json.hits.total as number;
  };

  it('name a private uploader to the curators who decide the submission', async () => {
    const before = await mailCount();
    const draft = (await createDraft(who.self!, publishable('Mailed by Priya'))).json;
    await who.self!.put(`/api/records/${draft.id}/draft/review`, {
      receiver: { community: community.id },
      type: 'community-submission',
    });
    const submit = await who.self!.post(`/api/records/${draft.id}/draft/actions/submit-review`, {
      payload: { content: '<p>Have a look.</p>', format: 'html' },
    });
    expect(submit.status, submit.body).toBe(202);
    const mails = await mailsTo(before);
    const about = (email: string) => mails.find((mail) => mail.to === email)?.text ?? '';
    expect(about(curatorEmail)).toContain(`${PRIVATE_NAME} submitted "Mailed by Priya"`);
    expect(about(curatorEmail)).toContain(`Message from ${PRIVATE_NAME}:`);
    expect(about(managerEmail)).toContain(`${PRIVATE_NAME} submitted "Mailed by Priya"`);
  });
});

describe('access grants (/access/users?expand=true)', () => {
  const subjectAs = async (name: string) => {
    const response = await who[name]!.get(`/api/records/${sharedId}/access/users?expand=true`);
    expect(response.status, response.body).toBe(200);
    const hit = (response.json.hits.hits as { expanded: { subject: Named & { name?: string } } }[])
      .map((grant) => grant.expanded.subject)
      .find((subject) => subject.id === String(priya.id));
    return hit;
  };

  it('shows the record owner a private grantee by id only', async () => {
    const subject = await subjectAs('public');
    expectHidden(subject, 'grant');
    expect(subject?.name).toBe('');
  });
  it('names them to an administrator', async () => {
    expectShown(await subjectAs('admin'), 'admin');
  });
});

describe('profiles and avatars', () => {
  it.each(BLIND)('refuses a private profile to %s', async (name) => {
    expect((await who[name]!.get(`/api/users/${priya.id}`)).status).toBe(403);
  });
  it.each(SEES)('shows a private profile to %s', async (name) => {
    const response = await who[name]!.get(`/api/users/${priya.id}`);
    expect(response.status).toBe(200);
    expectShown(response.json, name);
  });
  it('draws no initials for a hidden profile', async () => {
    const blind = await who.fellow!.get(`/api/users/${priya.id}/avatar.svg`);
    const seen = await who.manager!.get(`/api/users/${priya.id}/avatar.svg`);
    expect(blind.body).not.toContain('>PP<');
    expect(seen.body).toContain('>PP<');
  });
  it('never suggests a private profile to others', async () => {
    const response = await who.stranger!.get('/api/users?suggest=Priya');
    expect(response.json.hits.total).toBe(0);
  });
});
