import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity } from './communities.helpers.ts';
import { uploadFile } from './files.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

/**
 * "Who can see this, and why" against the policy's real outcome: for every
 * kind of actor and record state, what the explanation says each actor may
 * do must be what the routes let them do (the same calls the web app makes).
 */
const ACTIONS = ['view', 'preview', 'edit', 'manage'] as const;
type Action = (typeof ACTIONS)[number];
const STATES = ['public', 'restricted', 'embargoed', 'draft'] as const;
type State = (typeof STATES)[number];
const ACTORS = [
  'owner',
  'grantee',
  'groupMember',
  'curator',
  'reader',
  'linkHolder',
  'other',
  'anonymous',
] as const;
type ActorKind = (typeof ACTORS)[number];

interface Ability {
  allowed: boolean;
  allowed_by: { rule: string; [detail: string]: string }[];
  refused_by: { rule: string; [detail: string]: string }[];
}
type Abilities = Record<Action, Ability>;
interface Row {
  subject: { type: string; id?: string; roles?: string[] };
  abilities: Abilities;
}

const ACCESS: Record<State, unknown> = {
  public: { record: 'public', files: 'public' },
  restricted: { record: 'restricted', files: 'restricted' },
  embargoed: {
    record: 'public',
    files: 'restricted',
    embargo: { active: true, until: '2031-01-01', reason: 'Until the paper is out.' },
  },
  draft: { record: 'restricted', files: 'restricted' },
};

let t: TestApp;
const clients = {} as Record<ActorKind, TestClient>;
const userIds = {} as Record<ActorKind, number>;
const records = {} as Record<State, { id: string; linkId: string; token: string }>;
let communityId = '';

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  for (const kind of ACTORS) {
    clients[kind] = t.client();
    if (kind === 'anonymous' || kind === 'linkHolder') continue;
    const user = await buildUser(t.services, {
      fullName: `Explained ${kind}`,
      visibility: 'public',
    });
    await clients[kind].login(user.email);
    userIds[kind] = user.id;
  }
  await t.services.groups.create({ name: 'explain-team' });
  await t.services.groups.addMember('explain-team', userIds.groupMember);
  const steward = t.client();
  const stewardUser = await buildUser(t.services, { fullName: 'Steward', visibility: 'public' });
  await steward.login(stewardUser.email);
  const home = await createCommunity(steward, 'explain-home');
  communityId = home.id;
  await addMembers(steward, home.id, [userIds.curator], 'curator');
  await addMembers(steward, home.id, [userIds.reader], 'reader');

  const owner = clients.owner;
  for (const state of STATES) {
    const body = publishable(`Explained ${state}`, {
      access: ACCESS[state],
      files: { enabled: true },
    });
    const id = (await createDraft(owner, body)).json.id as string;
    await uploadFile(owner, id, 'data.csv', Buffer.from('a,b\n1,2\n'));
    if (state !== 'draft') {
      // Published into the community by its steward, as the matrix's records are.
      const review = await owner.put(`/api/records/${id}/draft/review`, {
        receiver: { community: home.id },
        type: 'community-submission',
      });
      expect(review.status, review.body).toBe(200);
      const submitted = await owner.post(`/api/records/${id}/draft/actions/submit-review`, {
        payload: { content: '<p>Please.</p>', format: 'html' },
      });
      expect(submitted.status, submitted.body).toBe(202);
      const accepted = await steward.post(`/api/requests/${submitted.json.id}/actions/accept`);
      expect(accepted.status, accepted.body).toBe(200);
    }
    const grants = await owner.post(`/api/records/${id}/access/grants`, {
      grants: [
        { subject: { type: 'user', id: String(userIds.grantee) }, permission: 'view' },
        { subject: { type: 'role', id: 'explain-team' }, permission: 'preview' },
      ].map((grant) => ({ ...grant, notify: false })),
    });
    expect(grants.status, grants.body).toBe(201);
    const link = await owner.post(`/api/records/${id}/access/links`, { permission: 'preview' });
    expect(link.status, link.body).toBe(201);
    records[state] = { id, linkId: link.json.id, token: link.json.token };
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Whether the actor's own calls to the routes succeed, action by action. */
async function realOutcome(kind: ActorKind, state: State): Promise<Record<Action, boolean>> {
  const { id, token } = records[state];
  const client = clients[kind];
  const withToken = (url: string) => (kind === 'linkHolder' ? `${url}?token=${token}` : url);
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const response = await client.request(method, withToken(url), body ? { body } : {});
    expect([200, 201, 403, 404], `${kind} ${method} ${url}: ${response.body}`).toContain(
      response.status,
    );
    return response.status < 300;
  };
  const base = `/api/records/${id}`;
  if (state === 'draft') {
    return {
      view: await ok('GET', `${base}/draft`),
      preview: await ok('GET', `${base}/draft/files`),
      edit: await ok(
        'PUT',
        `${base}/draft`,
        publishable('Explained draft', { access: ACCESS.draft, files: { enabled: true } }),
      ),
      manage: await ok('GET', `${base}/access/links`),
    };
  }
  return {
    view: await ok('GET', base),
    preview: await ok('GET', `${base}/files`),
    edit: await ok('POST', `${base}/draft`),
    manage: await ok('GET', `${base}/access/links`),
  };
}

async function explain(state: State, user?: number | 'public') {
  const query = user === undefined ? '' : `?user=${user}`;
  const response = await clients.owner.get(
    `/api/records/${records[state].id}/access/explain${query}`,
  );
  expect(response.status, response.body).toBe(200);
  return response.json;
}

/** The row of the list that stands for this actor (none for those the access does not name). */
function rowOf(rows: Row[], kind: ActorKind, state: State): Row | undefined {
  const find = (match: (subject: Row['subject']) => boolean) =>
    rows.find((row) => match(row.subject));
  switch (kind) {
    case 'owner':
    case 'grantee':
    case 'other':
      return find((s) => s.type === 'user' && s.id === String(userIds[kind]));
    case 'groupMember':
      return find((s) => s.type === 'group' && s.id === 'explain-team');
    case 'curator':
    case 'reader':
      return find(
        (s) => s.type === 'community' && s.id === communityId && !!s.roles?.includes(kind),
      );
    case 'linkHolder':
      return find((s) => s.type === 'link' && s.id === records[state].linkId);
    case 'anonymous':
      return find((s) => s.type === 'public');
  }
}

const allowedOf = (abilities: Abilities) =>
  Object.fromEntries(ACTIONS.map((action) => [action, abilities[action].allowed]));

function expectConsistent(abilities: Abilities, label: string) {
  for (const action of ACTIONS) {
    const ability = abilities[action];
    // An allowed action names the rules that allow it; a refused one names none.
    expect(ability.allowed_by.length > 0, `${label} ${action}`).toBe(ability.allowed);
    if (ability.allowed) expect(ability.refused_by, `${label} ${action}`).toEqual([]);
  }
}

describe.each(STATES)('the explanation of a %s record', (state) => {
  it('agrees with what each actor can do through the routes', async () => {
    const list = await explain(state);
    const rows = list.hits.hits as Row[];
    for (const kind of ACTORS) {
      const real = await realOutcome(kind, state);
      const row = rowOf(rows, kind, state);
      const label = `${state} ${kind}`;
      if (row) {
        expectConsistent(row.abilities, label);
        expect(allowedOf(row.abilities), `${label} (list)`).toEqual(real);
      } else {
        // Whom the access names for nothing, or not at all, may do what the public may.
        expect(allowedOf(rowOf(rows, 'anonymous', state)!.abilities), label).toEqual(real);
      }
      if (kind === 'linkHolder') continue;
      const one = await explain(state, kind === 'anonymous' ? 'public' : userIds[kind]);
      expectConsistent(one.abilities, label);
      expect(allowedOf(one.abilities), `${label} (check a person)`).toEqual(real);
      // The record as they read it: present exactly when they may view it.
      expect(one.record === null, label).toBe(!real.view);
      if (one.record) expect(one.record.id).toBe(records[state].id);
    }
  });

  it('names the rule that grants each actor their access', async () => {
    const rules = async (kind: ActorKind, action: Action) =>
      (await explain(state, kind === 'anonymous' ? 'public' : userIds[kind])).abilities[
        action
      ].allowed_by.map((match: { rule: string }) => match.rule);
    expect(await rules('owner', 'manage')).toContain('RecordOwner');
    // A view grant opens the published record, never a draft (that takes preview).
    if (state === 'draft') expect(await rules('grantee', 'view')).toEqual([]);
    else expect(await rules('grantee', 'view')).toContain('AccessGrant(view)');
    expect(await rules('groupMember', 'preview')).toContain('AccessGrant(preview)');
    if (state !== 'draft') {
      expect(await rules('curator', 'manage')).toContain('CommunityCurators');
      expect(await rules('reader', 'view')).toContain('CommunityReaders');
    }
    if (state === 'public') expect(await rules('anonymous', 'preview')).toEqual(['PublicFiles']);
  });
});

describe('the reasons a rule refuses', () => {
  it('names the embargo and its end when the public may see the record but not its files', async () => {
    const one = await explain('embargoed', 'public');
    expect(one.abilities.view.allowed_by).toEqual([{ rule: 'PublicRecord' }]);
    expect(one.abilities.preview.allowed).toBe(false);
    expect(one.abilities.preview.refused_by).toEqual([
      { rule: 'PublicFiles', reason: 'restricted', embargo: 'active', until: '2031-01-01' },
    ]);
    // The public's view of the record carries no files.
    expect(one.record.files.entries).toBeUndefined();
    expect(one.record.ui?.permissions?.can_manage).toBeFalsy();
  });

  it('says a restricted record is restricted, and shows the public nothing of it', async () => {
    const one = await explain('restricted', 'public');
    expect(one.abilities.view.refused_by).toEqual([{ rule: 'PublicRecord', reason: 'restricted' }]);
    expect(one.record).toBeNull();
    expect(one.refused).toBe('forbidden');
  });
});

describe('who may ask', () => {
  const url = (state: State, query = '') =>
    `/api/records/${records[state].id}/access/explain${query}`;

  it('answers those who manage the record, and refuses the others as the record does', async () => {
    expect((await clients.curator.get(url('restricted'))).status).toBe(200);
    for (const kind of ['grantee', 'groupMember', 'reader', 'other', 'anonymous'] as const) {
      expect((await clients[kind].get(url('restricted'))).status, kind).toBe(403);
      expect((await clients[kind].get(url('public', '?user=public'))).status, kind).toBe(403);
    }
    const linked = await clients.linkHolder.get(
      url('restricted', `?token=${records.restricted.token}`),
    );
    expect(linked.status).toBe(403);
    expect((await clients.owner.get('/api/records/abcde-fghij/access/explain')).status).toBe(404);
    expect((await clients.other.get('/api/records/abcde-fghij/access/explain')).status).toBe(404);
  });

  it('refuses a malformed actor naming the field, and an unknown user as not found', async () => {
    const bad = await clients.owner.get(url('public', '?user=everyone'));
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('user');
    expect((await clients.owner.get(url('public', '?user=99999999'))).status).toBe(404);
  });

  it('does not tell a hidden profile apart from no user, unless the record names them', async () => {
    const hidden = await buildUser(t.services, { fullName: 'Hidden', visibility: 'restricted' });
    expect((await clients.owner.get(url('public', `?user=${hidden.id}`))).status).toBe(404);
  });
});
