import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/services/index.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, fieldErrors, publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await buildUser(t.services, { fullName: 'Olivia Owner', visibility: 'public' });
  ownerId = o.id;
  owner = t.client();
  await owner.login(o.email);
  const a = await buildUser(t.services, { fullName: 'Ada Admin', isAdmin: true });
  admin = t.client();
  await admin.login(a.email);
});
afterAll(() => t.close());

const restricted = (title: string) =>
  publishable(title, { access: { record: 'restricted', files: 'restricted' } });

async function person(fullName: string, visibility: 'public' | 'restricted' = 'public') {
  const user = await buildUser(t.services, { fullName, visibility });
  const client = t.client();
  await client.login(user.email);
  return { user, client, id: String(user.id) };
}

const userGrant = (id: string, permission: string, extra: object = {}) => ({
  subject: { type: 'user', id },
  permission,
  notify: false,
  ...extra,
});

/** Runs the queued jobs (mail) and returns the outbox as an admin reads it. */
async function outbox() {
  await t.services.jobs.runDue();
  const response = await admin.get('/api/admin/outbox?size=100');
  expect(response.status).toBe(200);
  return response.json.hits.hits as { to: string; subject: string; text: string; html: string }[];
}

describe('grants', () => {
  it('are created in bulk, listed, read by id and by subject, changed and removed', async () => {
    const record = await publishRecord(owner, restricted('Shared cores'));
    const base = `/api/records/${record.id}/access`;
    const alice = await person('Alice Analyst');
    const bob = await person('Bob Biologist');
    await t.services.groups.create({ name: 'lab-team', title: 'Lab team' });

    const created = await owner.post(`${base}/grants`, {
      grants: [
        userGrant(alice.id, 'view'),
        userGrant(bob.id, 'edit'),
        { subject: { type: 'role', id: 'lab-team' }, permission: 'preview', origin: 'forged' },
      ],
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json.hits.total).toBe(3);
    const [aliceGrant, bobGrant, groupGrant] = created.json.hits.hits;
    expect(aliceGrant).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      subject: { type: 'user', id: alice.id },
      permission: 'view',
      origin: `api:${ownerId}`,
    });
    expect(groupGrant.origin).toBe(`api:${ownerId}`);

    // Each grantee gets its rights on the record at once.
    expect((await alice.client.get(`/api/records/${record.id}`)).status).toBe(200);
    expect((await alice.client.get(`/api/records/${record.id}/draft`)).status).toBe(404);

    const list = await owner.get(`${base}/grants?expand=true`);
    expect(list.json.hits.total).toBe(3);
    expect(list.json.hits.hits[0].expanded.subject).toEqual({
      id: alice.id,
      username: null,
      name: 'Alice Analyst',
      profile: { full_name: 'Alice Analyst', affiliations: '' },
      is_current_user: false,
      links: {
        self: `http://arca.test/api/users/${alice.id}`,
        avatar: `http://arca.test/api/users/${alice.id}/avatar.svg`,
      },
    });
    expect(list.json.hits.hits[2].expanded.subject).toMatchObject({
      id: 'lab-team',
      name: 'lab-team',
      title: 'Lab team',
      links: { avatar: 'http://arca.test/api/groups/lab-team/avatar.svg' },
    });
    expect((await owner.get(`${base}/grants`)).json.hits.hits[0].expanded).toBeUndefined();

    // The current user is marked when a manager looks at their own grant.
    await owner.patch(`${base}/users/${bob.id}`, { permission: 'manage' });
    const asBob = await bob.client.get(`${base}/users?expand=1`);
    expect(asBob.status).toBe(200);
    expect(asBob.json.hits.hits.map((g: { subject: { id: string } }) => g.subject.id)).toEqual([
      alice.id,
      bob.id,
    ]);
    expect(asBob.json.hits.hits[1].expanded.subject.is_current_user).toBe(true);
    expect((await owner.get(`${base}/groups`)).json.hits.hits).toEqual([{ ...groupGrant }]);

    expect((await owner.get(`${base}/grants/${aliceGrant.id}`)).json).toEqual(aliceGrant);
    expect((await owner.get(`${base}/users/${alice.id}`)).json).toEqual(aliceGrant);
    expect((await owner.get(`${base}/groups/lab-team`)).json).toEqual(groupGrant);

    const patched = await owner.patch(`${base}/grants/${aliceGrant.id}`, { permission: 'preview' });
    expect(patched.json).toEqual({ ...aliceGrant, permission: 'preview' });
    const put = await owner.put(`${base}/grants/${aliceGrant.id}`, {
      subject: aliceGrant.subject,
      permission: 'edit',
    });
    expect(put.json.permission).toBe('edit');
    const groupPatched = await owner.patch(`${base}/groups/lab-team`, { permission: 'manage' });
    expect(groupPatched.json.permission).toBe('manage');
    expect(
      fieldErrors(await owner.patch(`${base}/users/${alice.id}`, { permission: 'own' })).permission,
    ).toEqual(['Must be one of: view, preview, edit, manage.']);

    // Grants live on the parent: a new version and its draft carry them.
    const draft = await alice.client.post(`/api/records/${record.id}/versions`);
    expect(draft.status, draft.body).toBe(201);
    expect((await owner.get(`/api/records/${draft.json.id}/access/grants`)).json.hits.total).toBe(
      3,
    );

    expect((await owner.delete(`${base}/users/${alice.id}`)).status).toBe(204);
    expect((await alice.client.get(`/api/records/${record.id}`)).status).toBe(403);
    expect((await owner.delete(`${base}/groups/lab-team`)).status).toBe(204);
    expect((await owner.delete(`${base}/grants/${bobGrant.id}`)).status).toBe(204);
    expect((await owner.get(`${base}/grants`)).json.hits.total).toBe(0);

    const missing = await owner.get(`${base}/users/${alice.id}`);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('No grant found by given user id.');
    expect((await owner.get(`${base}/groups/lab-team`)).json.message).toBe(
      'No grant found by given group id.',
    );
    expect((await owner.get(`${base}/grants/${bobGrant.id}`)).json.message).toBe(
      'No grant found with the given ID.',
    );
    expect((await owner.delete(`${base}/grants/0`)).status).toBe(404);
  });

  it('reach only users with a public profile and existing groups, never the owner', async () => {
    const draft = (await createDraft(owner, restricted('Careful sharing'))).json;
    const url = `/api/records/${draft.id}/access/grants`;
    const hidden = await person('Hidden Hannah', 'restricted');
    const visible = await person('Visible Victor');
    const response = await owner.post(url, {
      grants: [
        userGrant(hidden.id, 'view'),
        userGrant('999999', 'view'),
        userGrant('abc', 'view'),
        userGrant(String(ownerId), 'manage'),
        { subject: { type: 'role', id: 'no-such-group' }, permission: 'view' },
        userGrant(visible.id, 'view'),
        userGrant(visible.id, 'edit'),
      ],
    });
    expect(response.status).toBe(400);
    expect(fieldErrors(response)).toEqual({
      'grants.0.subject.id': ['Could not find the specified subject.'],
      'grants.1.subject.id': ['Could not find the specified subject.'],
      'grants.2.subject.id': ['Could not find the specified subject.'],
      'grants.3.subject.id': ['The owner already has every permission on this record.'],
      'grants.4.subject.id': ['Could not find the specified subject.'],
      'grants.6.subject.id': ['This subject appears more than once in the request.'],
    });
    // Nothing of a refused request is kept.
    expect((await owner.get(url)).json.hits.total).toBe(0);

    // The owner can be removed no more than granted.
    const removeOwner = await owner.delete(`/api/records/${draft.id}/access/users/${ownerId}`);
    expect(removeOwner.status).toBe(400);
    expect(removeOwner.json.message).toBe('The owner of a record cannot be removed from it.');
  });

  it('refuse a duplicate grant, bad bodies, and callers who cannot manage', async () => {
    const record = await publishRecord(owner, restricted('Duplicates'));
    const url = `/api/records/${record.id}/access/grants`;
    const carol = await person('Carol Chemist');
    expect((await owner.post(url, { grants: [userGrant(carol.id, 'view')] })).status).toBe(201);
    const again = await owner.post(url, { grants: [userGrant(carol.id, 'edit')] });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('Grant for this user/role already exists within this record.');

    const tooMany = Array.from({ length: 101 }, () => userGrant(carol.id, 'view'));
    for (const [body, field, message] of [
      [{ grants: [] }, 'grants', 'Give between 1 and 100 grants.'],
      [{ grants: tooMany }, 'grants', 'Give between 1 and 100 grants.'],
      [{}, 'grants', 'Not a valid list.'],
      [
        { grants: [{ subject: { type: 'robot', id: '1' }, permission: 'view' }] },
        'grants.0.subject.type',
        'Must be one of: user, role.',
      ],
      [
        { grants: [userGrant(carol.id, 'admin')] },
        'grants.0.permission',
        'Must be one of: view, preview, edit, manage.',
      ],
      [
        { grants: [userGrant(carol.id, 'view', { notify: 'yes' })] },
        'grants.0.notify',
        'Not a valid boolean.',
      ],
    ] as const) {
      const response = await owner.post(url, body);
      expect(response.status, field).toBe(400);
      expect(fieldErrors(response)[field], field).toEqual([message]);
    }

    // An edit grantee changes the record but cannot share it.
    const editor = await person('Eddie Editor');
    await owner.post(url, { grants: [userGrant(editor.id, 'edit')] });
    expect((await editor.client.post(url, { grants: [userGrant(carol.id, 'view')] })).status).toBe(
      403,
    );
    expect((await editor.client.get(url)).status).toBe(403);
    expect((await t.client().get(url)).status).toBe(403);
    // A manage grantee may share, and admins may.
    const manager = await person('Mona Manager');
    await owner.post(url, { grants: [userGrant(manager.id, 'manage')] });
    const dave = await person('Dave Data');
    expect((await manager.client.post(url, { grants: [userGrant(dave.id, 'view')] })).status).toBe(
      201,
    );
    expect((await admin.get(url)).json.hits.total).toBe(4);
  });

  it('come back with their subjects expanded when asked, by a subject id given as a number', async () => {
    const draft = (await createDraft(owner, restricted('Expanded answer'))).json;
    const hana = await person('Hana Helper');
    const response = await owner.post(`/api/records/${draft.id}/access/grants?expand=true`, {
      grants: [{ subject: { type: 'user', id: hana.user.id }, permission: 'preview' }],
    });
    expect(response.status, response.body).toBe(201);
    expect(response.json.hits.hits[0]).toMatchObject({
      subject: { type: 'user', id: hana.id },
      permission: 'preview',
      expanded: { subject: { id: hana.id, name: 'Hana Helper', is_current_user: false } },
    });
    // A preview grant opens the draft, which a view grant would not.
    expect((await hana.client.get(`/api/records/${draft.id}/draft`)).status).toBe(200);
  });

  it('to groups are refused when groups are switched off', async () => {
    const app = await startTestApp({ env: { ARCA_GROUPS_ENABLED: 'false' }, vocabularies: true });
    try {
      const user = await buildUser(app.services);
      const client = app.client();
      await client.login(user.email);
      await app.services.groups.create({ name: 'staff' });
      const record = await publishRecord(client, restricted('No groups here'));
      const base = `/api/records/${record.id}/access`;
      const response = await client.post(`${base}/grants`, {
        grants: [{ subject: { type: 'role', id: 'staff' }, permission: 'view' }],
      });
      expect(response.status).toBe(403);
      expect((await client.get(`${base}/groups`)).status).toBe(403);
      expect(record.links.access_groups).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('grant notifications', () => {
  it('mail the grantee after the grant commits, with the message, through the outbox', async () => {
    const record = await publishRecord(owner, restricted('Glacier melt <2025>'));
    const url = `/api/records/${record.id}/access/grants`;
    const erin = await person('Erin Explorer');
    const quiet = await person('Quentin Quiet');
    const before = (await outbox()).length;
    const response = await owner.post(url, {
      grants: [
        {
          subject: { type: 'user', id: erin.id },
          permission: 'edit',
          message: '<p>Please check the <b>tables</b>.</p><script>steal()</script>',
        },
        userGrant(quiet.id, 'view'),
      ],
    });
    expect(response.status).toBe(201);
    // Nothing is sent before the job queue runs, i.e. never inside the request's transaction.
    expect((await admin.get('/api/admin/outbox')).json.hits.total).toBe(before);

    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails[0]!;
    expect(mail.to).toBe(erin.user.email);
    expect(mail.subject).toBe('Olivia Owner shared "Glacier melt <2025>" with you');
    expect(mail.text).toContain('Olivia Owner gave you edit access to "Glacier melt <2025>".');
    expect(mail.text).toContain('Please check the tables.');
    expect(mail.text).toContain(`http://arca.test/records/${record.id}`);
    expect(mail.html).toContain('<b>tables</b>');
    expect(mail.html).toContain('Glacier melt &lt;2025&gt;');
    expect(mail.html).not.toContain('script');
    // The queue is drained: running it again sends nothing twice.
    expect((await outbox()).length).toBe(before + 1);
  });

  it('are not sent when the grant fails', async () => {
    const record = await publishRecord(owner, restricted('No mail on failure'));
    const url = `/api/records/${record.id}/access/grants`;
    const fay = await person('Fay Failure');
    const before = (await outbox()).length;
    const response = await owner.post(url, {
      grants: [
        { subject: { type: 'user', id: fay.id }, permission: 'view' },
        { subject: { type: 'user', id: '999999' }, permission: 'view' },
      ],
    });
    expect(response.status).toBe(400);
    expect((await outbox()).length).toBe(before);
  });

  it('write each outbox message to the log as well', async () => {
    const logged: { details: Record<string, unknown>; message: string }[] = [];
    const services = createServices(t.db, t.config, {
      log: { info: (details, message) => logged.push({ details: { ...details }, message }) },
    });
    await services.jobs.runDue();
    const record = await publishRecord(owner, restricted('Logged notification'));
    const gus = await person('Gus Logged');
    await owner.post(`/api/records/${record.id}/access/grants`, {
      grants: [{ subject: { type: 'user', id: gus.id }, permission: 'view' }],
    });
    await services.jobs.runDue();
    expect(logged).toEqual([
      {
        message: 'mail written to the outbox',
        details: expect.objectContaining({
          to: gus.user.email,
          subject: 'Olivia Owner shared "Logged notification" with you',
          outboxId: expect.any(Number),
        }),
      },
    ]);
  });

  it('the outbox is for administrators only', async () => {
    expect((await owner.get('/api/admin/outbox')).status).toBe(403);
    expect((await t.client().get('/api/admin/outbox')).status).toBe(403);
  });
});

describe('record managers', () => {
  it('are the owner, users granted manage and members of groups granted manage, once each', async () => {
    const record = await publishRecord(owner, restricted('Who manages'));
    const url = `/api/records/${record.id}/access/grants`;
    const manager = await person('Max Manager');
    const viewer = await person('Vera Viewer');
    const member = await person('Greta Groupie');
    const gone = await person('Ivo Inactive');
    await t.services.groups.create({ name: 'stewards' });
    await t.services.groups.addMember('stewards', member.user.id);
    await t.services.groups.addMember('stewards', manager.user.id);
    await owner.post(url, {
      grants: [
        userGrant(manager.id, 'manage'),
        userGrant(viewer.id, 'view'),
        userGrant(gone.id, 'manage'),
        { subject: { type: 'role', id: 'stewards' }, permission: 'manage', notify: false },
      ],
    });
    await t.services.accounts.update(gone.user.id, { active: false });
    const managers = await t.services.grants.managers(record.parent.id);
    expect(managers.map((m) => m.userId)).toEqual(
      [ownerId, manager.user.id, member.user.id].sort((a, b) => a - b),
    );
    expect(managers.find((m) => m.userId === ownerId)?.email).toMatch(/@example\.org$/);
  });
});
