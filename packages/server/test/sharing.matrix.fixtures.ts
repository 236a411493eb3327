import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { secretLinks } from '../src/db/schema.ts';
import { buildUser, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity } from './communities.helpers.ts';
import { filesUrl, uploadFile } from './files.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

/**
 * The actors of the permission matrix and what each one's column works on:
 * a restricted published record with one file and an open edit draft, in a
 * community; a public record with restricted files open to access requests,
 * shared and included the same way; and a submission (a first draft with
 * files) under review by another community. One fixture per actor, so the
 * writes of one column never change another.
 */
export const ACTORS = [
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
  'linkUsedUp', // an `edit` link whose uses are all spent
  'linkBoundElsewhere', // an `edit` one-visitor link bound to another browser
  'curator', // curator of the record's community
  'reader', // reader of the record's community
  'reviewer', // curator of the community the submission is submitted to
  'admin',
] as const;
export type ActorKind = (typeof ACTORS)[number];

/** A status code, or for searches whether the record is among the hits. */
export type Expected = number | 'listed' | 'hidden';

/** What one actor's column works on. */
export interface Fixture {
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
  /** A first draft under review by the reviewer's community, not shared with anyone. */
  submissionId: string;
  /** Sends a request as the actor. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options?: { body?: unknown; payload?: Buffer },
  ): Promise<Expected>;
  /** The abilities the server sends this actor (`ui.permissions`); {} for what it cannot read. */
  abilities(url: string): Promise<Record<string, boolean>>;
}

export const restricted = (title: string) =>
  publishable(title, {
    access: { record: 'restricted', files: 'restricted' },
    files: { enabled: true },
  });

/** The one file of each actor's record and submission. */
export const FILE = 'data.csv';
/** Files the submission's owner announced and left for the actor to upload: transfer L and M. */
export const PENDING_FILE = 'later.txt';
export const PENDING_PARTS = 'parts.bin';

const UI = { accept: 'application/vnd.inveniordm.v1+json' };

export async function matrixSetup(t: TestApp) {
  const users: Record<string, { id: number; client: TestClient }> = {};
  const loggedIn = async (name: string, options: { isAdmin?: boolean } = {}) => {
    const user = await buildUser(t.services, { fullName: name, visibility: 'public', ...options });
    const client = t.client();
    await client.login(user.email);
    return { id: user.id, client };
  };
  const owner = (await loggedIn('Matrix Owner')).client;
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
    'steward',
    'curator',
    'reader',
    'reviewer',
  ]) {
    users[name] = await loggedIn(`Matrix ${name}`);
  }
  users.admin = await loggedIn('Matrix Admin', { isAdmin: true });
  await t.services.groups.create({ name: 'matrix-team' });
  await t.services.groups.addMember('matrix-team', users.groupMember!.id);
  await t.services.groups.create({ name: 'matrix-bystanders' });
  // The steward owns both communities: the owner's submissions wait for a decision.
  const steward = users.steward!.client;
  const home = await createCommunity(steward, 'matrix-home');
  await addMembers(steward, home.id, [users.curator!.id], 'curator');
  await addMembers(steward, home.id, [users.reader!.id], 'reader');
  const reviewing = await createCommunity(steward, 'matrix-reviewing');
  await addMembers(steward, reviewing.id, [users.reviewer!.id], 'curator');

  /** Submits a draft of the owner's to a community; answers with the request's id. */
  async function submit(draftId: string, communityId: string): Promise<string> {
    const review = await owner.put(`/api/records/${draftId}/draft/review`, {
      receiver: { community: communityId },
      type: 'community-submission',
    });
    expect(review.status, review.body).toBe(200);
    const submitted = await owner.post(`/api/records/${draftId}/draft/actions/submit-review`, {
      payload: { content: '<p>Please.</p>', format: 'html' },
    });
    expect(submitted.status, submitted.body).toBe(202);
    return submitted.json.id as string;
  }

  /** A record of the owner's, published into the home community by its steward. */
  async function publishedInHome(body: unknown, file?: string): Promise<string> {
    const id = (await createDraft(owner, body)).json.id as string;
    if (file) await uploadFile(owner, id, file, Buffer.from('site,moisture\nA,0.31\n'));
    const requestId = await submit(id, home.id);
    const accepted = await steward.post(`/api/requests/${requestId}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    return id;
  }

  /** A first draft with files, submitted to the reviewing community. */
  async function submission(title: string): Promise<string> {
    const id = (await createDraft(owner, restricted(title))).json.id as string;
    await uploadFile(owner, id, FILE, Buffer.from('a,b\n1,2\n'));
    const announced = await owner.post(filesUrl(id), [
      { key: PENDING_FILE, size: 5 },
      { key: PENDING_PARTS, size: 4, transfer: { type: 'M', parts: 1 } },
    ]);
    expect(announced.status, announced.body).toBe(201);
    await submit(id, reviewing.id);
    return id;
  }

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
      linkUsedUp: 'edit',
      linkBoundElsewhere: 'edit',
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
      if (kind === 'linkUsedUp') {
        await t.db
          .update(secretLinks)
          .set({ maxUses: 3, useCount: 3 })
          .where(eq(secretLinks.id, held.id));
      }
      if (kind === 'linkBoundElsewhere') {
        await t.db
          .update(secretLinks)
          .set({ oneVisitor: true, boundBrowser: 'another-browser' })
          .where(eq(secretLinks.id, held.id));
      }
      if (kind === 'linkDeleted') {
        expect((await owner.delete(`${access}/links/${held.id}`)).status).toBe(204);
      }
    }
    return { spareGrantId, spareLink, token, linkLevel };
  }

  /** Everything one actor's column works on, and a client acting as that actor. */
  async function fixtureFor(kind: ActorKind): Promise<Fixture> {
    const word = `matrix${randomBytes(4).toString('hex')}`;
    const recordId = await publishedInHome(restricted(`Matrix ${word}`), FILE);
    expect((await owner.post(`/api/records/${recordId}/draft`)).status).toBe(201);
    const { spareGrantId, spareLink, token, linkLevel } = await share(recordId, kind);

    const requestableId = await publishedInHome(
      publishable(`Requestable ${word}`, { access: { record: 'public', files: 'restricted' } }),
    );
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
    const submissionId = await submission(`Submission ${word}`);

    const client =
      kind === 'owner'
        ? owner
        : kind === 'anonymous' || linkLevel
          ? t.client()
          : users[kind]!.client;
    // The actor's link to the requestable record is remembered like any link opened before.
    if (requestableShare.token) {
      await client.get(`/api/records/${requestableId}?token=${requestableShare.token}`);
    }
    const withToken = (url: string) =>
      token ? `${url}${url.includes('?') ? '&' : '?'}token=${token}` : url;
    return {
      requestableId,
      accessRequestId: asked.json.id as string,
      recordId,
      submissionId,
      word,
      spareLinkId: spareLink.id,
      bystanderId: String(users.bystander!.id),
      bystanderGroup: 'matrix-bystanders',
      spareGrantId,
      newcomerId: String(users.newcomer!.id),
      async call(method, url, options = {}) {
        const response = await client.request(method, withToken(url), {
          ...(options.body === undefined ? {} : { body: options.body }),
          ...(options.payload === undefined
            ? {}
            : {
                payload: options.payload,
                headers: { 'content-type': 'application/octet-stream' },
              }),
        });
        if (url.startsWith('/api/records?') || url.startsWith('/api/user/records?')) {
          if (response.status !== 200) return response.status;
          const ids = (response.json.hits.hits as { id: string }[]).map((hit) => hit.id);
          return ids.includes(recordId) ? 'listed' : 'hidden';
        }
        return response.status;
      },
      async abilities(url) {
        const response = await client.get(withToken(url), { headers: UI });
        return response.status === 200 ? response.json.ui.permissions : {};
      },
    };
  }

  return { fixtureFor };
}
