import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretLinks } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { uploadFile } from './files.helpers.ts';
import { createDraft, publishRecord, publishable } from './records.helpers.ts';

/**
 * The permission matrix (STYLE.md §2): every sharing endpoint, and the record,
 * draft and file reads and writes they unlock, as every kind of actor, on a
 * restricted published record with one file and an open edit draft. One fixture per
 * actor, so the writes of one column never change another.
 */
const ACTORS = [
  'anonymous',
  'stranger',
  'owner',
  'grantView',
  'grantPreview',
  'grantEdit',
  'grantManage',
  'groupMember', // member of a group granted `edit`
  'linkView',
  'linkPreview',
  'linkEdit',
  'linkExpired', // an `edit` link past its expiry date
  'linkDeleted', // an `edit` link deleted by the owner
  'admin',
] as const;
type ActorKind = (typeof ACTORS)[number];

/** A status code, or for searches whether the record is among the hits. */
type Expected = number | 'listed' | 'hidden';

// prettier-ignore
const MATRIX: Record<string, Expected[]> = {
  //                          anon      strngr    owner     grView    grPrev    grEdit    grMng     group     lnView    lnPrev    lnEdit    lnExp     lnDel     admin
  'read record':             [403,      403,      200,      200,      200,      200,      200,      200,      200,      200,      200,      403,      403,      200],
  'search listing':          ['hidden', 'hidden', 'listed', 'listed', 'listed', 'listed', 'listed', 'listed', 'listed', 'listed', 'listed', 'hidden', 'hidden', 'listed'],
  'my uploads listing':      [403,      'hidden', 'listed', 'listed', 'listed', 'listed', 'listed', 'listed', 403,      403,      403,      403,      403,      'hidden'],
  'read draft':              [403,      403,      200,      403,      200,      200,      200,      200,      403,      200,      200,      403,      403,      200],
  'save draft':              [403,      403,      200,      403,      403,      200,      200,      200,      403,      403,      200,      403,      403,      200],
  'list record files':       [403,      403,      200,      200,      200,      200,      200,      200,      200,      200,      200,      403,      403,      200],
  'download record file':    [403,      403,      200,      200,      200,      200,      200,      200,      200,      200,      200,      403,      403,      200],
  'download record archive': [403,      403,      200,      200,      200,      200,      200,      200,      200,      200,      200,      403,      403,      200],
  'list draft files':        [403,      403,      200,      403,      200,      200,      200,      200,      403,      200,      200,      403,      403,      200],
  'download draft file':     [403,      403,      200,      403,      200,      200,      200,      200,      403,      200,      200,      403,      403,      200],
  'list links':              [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'create link':             [403,      403,      201,      403,      403,      403,      201,      403,      403,      403,      403,      403,      403,      201],
  'read link':               [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'change link':             [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'delete link':             [403,      403,      204,      403,      403,      403,      204,      403,      403,      403,      403,      403,      403,      204],
  'list grants':             [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'create grants':           [403,      403,      201,      403,      403,      403,      201,      403,      403,      403,      403,      403,      403,      201],
  'read grant':              [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'change grant':            [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'delete grant':            [403,      403,      204,      403,      403,      403,      204,      403,      403,      403,      403,      403,      403,      204],
  'list user grants':        [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'read user grant':         [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'change user grant':       [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'delete user grant':       [403,      403,      204,      403,      403,      403,      204,      403,      403,      403,      403,      403,      403,      204],
  'list group grants':       [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'read group grant':        [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'change group grant':      [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'delete group grant':      [403,      403,      204,      403,      403,      403,      204,      403,      403,      403,      403,      403,      403,      204],
  'access settings':         [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'edit':                    [403,      403,      201,      403,      403,      201,      201,      201,      403,      403,      201,      403,      403,      201],
  'new version':             [403,      403,      201,      403,      403,      201,      201,      201,      403,      403,      201,      403,      403,      201],
  // Access requests, on a public record with restricted files shared the same way. Asking with
  // no address: a guest must give one (400); who reads the files already is refused (403).
  'ask for access':          [400,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      400,      400,      403],
  'read access request':     [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      200],
  'accept access request':   [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403],
  // Last: publishing consumes the edit draft the rows above work on.
  'publish':                 [403,      403,      202,      403,      403,      202,      202,      202,      403,      403,      202,      403,      403,      202],
  // Uploads are not rows here: an edit draft's files are those of the published version and
  // cannot change (files.*.test.ts covers uploads and who may make them).
};

/** What one actor's column works on. */
interface Fixture {
  recordId: string;
  /** Unique word of the record's title, to find it by search. */
  word: string;
  spareLinkId: string;
  /** A user and a group already granted, for the grant-by-subject rows. */
  bystanderId: string;
  bystanderGroup: string;
  /** A grant addressed by its id. */
  spareGrantId: string;
  /** A user with a public profile, not yet granted. */
  newcomerId: string;
  /** A public record with restricted files, shared like the first, open to requests. */
  requestableId: string;
  /** The newcomer's open request for the requestable record. */
  accessRequestId: string;
  /** Sends a request as the actor. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<Expected>;
}

type Row = (f: Fixture) => Promise<Expected>;

const restricted = (title: string) =>
  publishable(title, {
    access: { record: 'restricted', files: 'restricted' },
    files: { enabled: true },
  });

/** The one file of each actor's record. */
const FILE = 'data.csv';

/** A published restricted record holding FILE. */
async function restrictedRecordWithFile(title: string) {
  const draft = await createDraft(owner, restricted(title));
  const id = draft.json.id as string;
  await uploadFile(owner, id, FILE, Buffer.from('site,moisture\nA,0.31\n'));
  const published = await owner.post(`/api/records/${id}/draft/actions/publish`);
  expect(published.status, published.body).toBe(202);
  return published.json as { id: string };
}

const ROWS: Record<keyof typeof MATRIX, Row> = {
  'read record': (f) => f.call('GET', `/api/records/${f.recordId}`),
  'search listing': (f) => f.call('GET', `/api/records?q=${f.word}`),
  'my uploads listing': (f) => f.call('GET', `/api/user/records?q=${f.word}`),
  'read draft': (f) => f.call('GET', `/api/records/${f.recordId}/draft`),
  'save draft': (f) =>
    f.call('PUT', `/api/records/${f.recordId}/draft`, restricted(`Matrix ${f.word}`)),
  'list record files': (f) => f.call('GET', `/api/records/${f.recordId}/files`),
  'download record file': (f) => f.call('GET', `/api/records/${f.recordId}/files/${FILE}/content`),
  'download record archive': (f) => f.call('GET', `/api/records/${f.recordId}/files-archive`),
  'list draft files': (f) => f.call('GET', `/api/records/${f.recordId}/draft/files`),
  'download draft file': (f) =>
    f.call('GET', `/api/records/${f.recordId}/draft/files/${FILE}/content`),
  'list links': (f) => f.call('GET', `/api/records/${f.recordId}/access/links`),
  'create link': (f) =>
    f.call('POST', `/api/records/${f.recordId}/access/links`, { permission: 'preview' }),
  'read link': (f) => f.call('GET', `/api/records/${f.recordId}/access/links/${f.spareLinkId}`),
  'change link': (f) =>
    f.call('PATCH', `/api/records/${f.recordId}/access/links/${f.spareLinkId}`, {
      description: 'Changed',
    }),
  'delete link': (f) =>
    f.call('DELETE', `/api/records/${f.recordId}/access/links/${f.spareLinkId}`),
  'list grants': (f) => f.call('GET', `/api/records/${f.recordId}/access/grants?expand=true`),
  'create grants': (f) =>
    f.call('POST', `/api/records/${f.recordId}/access/grants`, {
      grants: [{ subject: { type: 'user', id: f.newcomerId }, permission: 'view', notify: false }],
    }),
  'read grant': (f) => f.call('GET', `/api/records/${f.recordId}/access/grants/${f.spareGrantId}`),
  'change grant': (f) =>
    f.call('PATCH', `/api/records/${f.recordId}/access/grants/${f.spareGrantId}`, {
      permission: 'preview',
    }),
  'delete grant': (f) =>
    f.call('DELETE', `/api/records/${f.recordId}/access/grants/${f.spareGrantId}`),
  'list user grants': (f) => f.call('GET', `/api/records/${f.recordId}/access/users?expand=true`),
  'read user grant': (f) =>
    f.call('GET', `/api/records/${f.recordId}/access/users/${f.bystanderId}`),
  'change user grant': (f) =>
    f.call('PATCH', `/api/records/${f.recordId}/access/users/${f.bystanderId}`, {
      permission: 'preview',
    }),
  'delete user grant': (f) =>
    f.call('DELETE', `/api/records/${f.recordId}/access/users/${f.bystanderId}`),
  'list group grants': (f) => f.call('GET', `/api/records/${f.recordId}/access/groups?expand=true`),
  'read group grant': (f) =>
    f.call('GET', `/api/records/${f.recordId}/access/groups/${f.bystanderGroup}`),
  'change group grant': (f) =>
    f.call('PATCH', `/api/records/${f.recordId}/access/groups/${f.bystanderGroup}`, {
      permission: 'edit',
    }),
  'delete group grant': (f) =>
    f.call('DELETE', `/api/records/${f.recordId}/access/groups/${f.bystanderGroup}`),
  'access settings': (f) =>
    f.call('PUT', `/api/records/${f.recordId}/access`, {
      allow_user_requests: true,
      allow_guest_requests: false,
      accept_conditions_text: null,
      secret_link_expiration: 30,
    }),
  edit: (f) => f.call('POST', `/api/records/${f.recordId}/draft`),
  'new version': (f) => f.call('POST', `/api/records/${f.recordId}/versions`),
  'ask for access': (f) => f.call('POST', `/api/records/${f.requestableId}/access/request`, {}),
  'read access request': (f) => f.call('GET', `/api/requests/${f.accessRequestId}`),
  'accept access request': (f) =>
    f.call('POST', `/api/requests/${f.accessRequestId}/actions/accept`),
  publish: (f) => f.call('POST', `/api/records/${f.recordId}/draft/actions/publish`),
};

let t: TestApp;
let owner: TestClient;
const users: Record<string, { id: number; client: TestClient }> = {};

async function loggedIn(name: string, options: { isAdmin?: boolean } = {}) {
  const user = await buildUser(t.services, { fullName: name, visibility: 'public', ...options });
  const client = t.client();
  await client.login(user.email);
  return { id: user.id, client };
}

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  owner = (await loggedIn('Matrix Owner')).client;
  for (const name of [
    'stranger',
    'grantView',
    'grantPreview',
    'grantEdit',
    'grantManage',
    'groupMember',
    'bystander',
    'spare',
    'newcomer',
  ]) {
    users[name] = await loggedIn(`Matrix ${name}`);
  }
  users.admin = await loggedIn('Matrix Admin', { isAdmin: true });
  await t.services.groups.create({ name: 'matrix-team' });
  await t.services.groups.addMember('matrix-team', users.groupMember!.id);
  await t.services.groups.create({ name: 'matrix-bystanders' });
});
afterAll(() => t.close());

/** Shares a record as this actor needs: bystanders' grants, a spare link, the actor's own. */
async function share(recordId: string, kind: ActorKind) {
  const access = `/api/records/${recordId}/access`;
  const grant = (type: 'user' | 'role', id: string | number, permission: string) => ({
    subject: { type, id: String(id) },
    permission,
    notify: false,
  });
  const grants = [
    grant('user', users.bystander!.id, 'view'),
    grant('user', users.spare!.id, 'view'),
    grant('role', 'matrix-bystanders', 'view'),
  ];
  const levels: Partial<Record<ActorKind, string>> = {
    grantView: 'view',
    grantPreview: 'preview',
    grantEdit: 'edit',
    grantManage: 'manage',
  };
  const level = levels[kind];
  if (level) grants.push(grant('user', users[kind]!.id, level));
  if (kind === 'groupMember') grants.push(grant('role', 'matrix-team', 'edit'));
  const created = await owner.post(`${access}/grants`, { grants });
  expect(created.status, created.body).toBe(201);
  const spareGrantId = created.json.hits.hits[1].id as string;

  const link = async (permission: string) => {
    const response = await owner.post(`${access}/links`, { permission });
    expect(response.status, response.body).toBe(201);
    return response.json as { id: string; token: string };
  };
  const spareLink = await link('preview');
  let token: string | undefined;
  const linkLevels: Partial<Record<ActorKind, string>> = {
    linkView: 'view',
    linkPreview: 'preview',
    linkEdit: 'edit',
    linkExpired: 'edit',
    linkDeleted: 'edit',
  };
  const linkLevel = linkLevels[kind];
  if (linkLevel) {
    const held = await link(linkLevel);
    token = held.token;
    if (kind === 'linkExpired') {
      await t.db
        .update(secretLinks)
        .set({ expiresAt: '2020-01-01' })
        .where(eq(secretLinks.id, held.id));
    }
    if (kind === 'linkDeleted') {
      expect((await owner.delete(`${access}/links/${held.id}`)).status).toBe(204);
    }
  }
  return { spareGrantId, spareLink, token, linkLevel };
}

/** A restricted record with an edit draft, shared as this actor needs. */
async function fixtureFor(kind: ActorKind): Promise<Fixture> {
  const word = `matrix${randomBytes(4).toString('hex')}`;
  const record = await restrictedRecordWithFile(`Matrix ${word}`);
  expect((await owner.post(`/api/records/${record.id}/draft`)).status).toBe(201);
  const { spareGrantId, spareLink, token, linkLevel } = await share(record.id, kind);

  const requestable = await publishRecord(
    owner,
    publishable(`Requestable ${word}`, { access: { record: 'public', files: 'restricted' } }),
  );
  const requestableId = requestable.id as string;
  const requestableShare = await share(requestableId, kind);
  const opened = await owner.put(`/api/records/${requestableId}/access`, {
    allow_user_requests: true,
    allow_guest_requests: true,
  });
  expect(opened.status, opened.body).toBe(200);
  const asked = await users.newcomer!.client.post(
    `/api/records/${requestableId}/access/request`,
    {},
  );
  expect(asked.status, asked.body).toBe(200);

  const client =
    kind === 'owner' ? owner : kind === 'anonymous' || linkLevel ? t.client() : users[kind]!.client;
  // The actor's link to the requestable record is remembered like any link opened before.
  if (requestableShare.token) {
    await client.get(`/api/records/${requestableId}?token=${requestableShare.token}`);
  }
  const recordId = record.id;
  return {
    requestableId,
    accessRequestId: asked.json.id as string,
    recordId,
    word,
    spareLinkId: spareLink.id,
    bystanderId: String(users.bystander!.id),
    bystanderGroup: 'matrix-bystanders',
    spareGrantId,
    newcomerId: String(users.newcomer!.id),
    async call(method, url, body) {
      const withToken = token ? `${url}${url.includes('?') ? '&' : '?'}token=${token}` : url;
      const response = await client.request(method, withToken, body === undefined ? {} : { body });
      if (url.startsWith('/api/records?') || url.startsWith('/api/user/records?')) {
        if (response.status !== 200) return response.status;
        const ids = (response.json.hits.hits as { id: string }[]).map((hit) => hit.id);
        return ids.includes(recordId) ? 'listed' : 'hidden';
      }
      return response.status;
    },
  };
}

describe('permission matrix', () => {
  it('every row has one expected result per actor', () => {
    for (const [row, expected] of Object.entries(MATRIX)) {
      expect(expected.length, row).toBe(ACTORS.length);
    }
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it('every actor gets exactly the expected result in every row', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const [column, kind] of ACTORS.entries()) {
      const fixture = await fixtureFor(kind);
      for (const [row, expected] of Object.entries(MATRIX)) {
        const actual = await ROWS[row]!(fixture);
        cells += 1;
        if (actual !== expected[column]) {
          mismatches.push(`${row} as ${kind}: expected ${expected[column]}, got ${actual}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(cells).toBe(ACTORS.length * Object.keys(MATRIX).length);
  }, 120_000);
});
