import { describe, expect, it } from 'vitest';
import { publishRecord, publishable } from './records.helpers.ts';
import {
  canReadFiles,
  mailCount,
  mailsAfter,
  owner,
  ownerEmail,
  person,
  restrictedFiles,
  t,
  useAccessRequestApp,
} from './access-requests.helpers.ts';

useAccessRequestApp();

describe('a signed-in user asks for access', () => {
  it('goes to the owner and every manager; accepting gives a view grant', async () => {
    const record = await restrictedFiles('Ice cores 2024', { allow_user_requests: true });
    const manager = await person('Mona Manager');
    const member = await person('Gus Groupmember');
    const viewer = await person('Vic Viewer');
    await t.services.groups.create({ name: 'core-team', title: 'Core team' });
    await t.services.groups.addMember('core-team', member.user.id);
    const grants = await owner.post(`/api/records/${record.id}/access/grants`, {
      grants: [
        { subject: { type: 'user', id: manager.id }, permission: 'manage', notify: false },
        { subject: { type: 'role', id: 'core-team' }, permission: 'manage', notify: false },
        { subject: { type: 'user', id: viewer.id }, permission: 'view', notify: false },
      ],
    });
    expect(grants.status, grants.body).toBe(201);

    const rita = await person('Rita Requester');
    const stranger = await person('Sam Stranger');
    expect(await canReadFiles(rita.client, record.id)).toBe(false);
    const before = await mailCount();
    const asked = await rita.client.post(`/api/records/${record.id}/access/request`, {
      email: rita.user.email.toUpperCase(),
      full_name: 'Rita Requester',
      message: 'For my thesis <on ice>.',
      consent_to_share_personal_data: 'true',
    });
    expect(asked.status, asked.body).toBe(200);
    expect(asked.json).toMatchObject({
      type: 'user-access-request',
      status: 'submitted',
      is_open: true,
      title: 'Ice cores 2024',
      created_by: { user: rita.id },
      topic: { record: record.id },
      payload: { permission: 'view', consent_to_share_personal_data: true },
    });
    expect(Object.keys(asked.json.links.actions)).toEqual(['cancel']);
    const requestUrl = `/api/requests/${asked.json.id}`;

    // The owner, the manager and the member of the managing group are told; nobody else.
    const received = await mailsAfter(before);
    expect(received.map((m) => m.to).sort()).toEqual(
      [ownerEmail, manager.user.email, member.user.email].sort(),
    );
    for (const mail of received) {
      expect(mail.subject).toBe('Access request for "Ice cores 2024"');
      expect(mail.text).toContain(
        'Rita Requester asked for access to the files of "Ice cores 2024".',
      );
      expect(mail.text).toContain('For my thesis <on ice>.');
      expect(mail.text).toContain(`http://arca.test/me/requests/${asked.json.id}`);
      expect(mail.html).toContain('For my thesis &lt;on ice&gt;.');
    }

    // Who reads it and what each may do.
    for (const decider of [owner, manager.client, member.client]) {
      const read = await decider.get(requestUrl);
      expect(read.status).toBe(200);
      expect(Object.keys(read.json.links.actions).sort()).toEqual(['accept', 'decline']);
    }
    expect((await stranger.client.get(requestUrl)).status).toBe(403);
    expect((await viewer.client.get(requestUrl)).status).toBe(403);
    expect((await t.client().get(requestUrl)).status).toBe(403);
    expect((await stranger.client.post(`${requestUrl}/actions/accept`)).status).toBe(403);
    expect((await rita.client.post(`${requestUrl}/actions/accept`)).status).toBe(403);
    const mine = await manager.client.get('/api/user/requests');
    expect(mine.json.hits.hits.map((h: { id: string }) => h.id)).toContain(asked.json.id);

    // The message is the first comment; receivers and requester discuss it.
    const timeline = await owner.get(`${requestUrl}/timeline`);
    expect(timeline.json.hits.hits[0].payload.content).toBe('<p>For my thesis &lt;on ice&gt;.</p>');
    const comment = { payload: { content: '<p>Which cores?</p>', format: 'html' } };
    expect((await member.client.post(`${requestUrl}/comments`, comment)).status).toBe(201);
    expect((await rita.client.post(`${requestUrl}/comments`, comment)).status).toBe(201);
    expect((await stranger.client.post(`${requestUrl}/comments`, comment)).status).toBe(403);

    const since = await mailCount();
    const accepted = await member.client.post(`${requestUrl}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    expect(accepted.json.status).toBe('accepted');
    const list = await owner.get(`/api/records/${record.id}/access/users`);
    expect(list.json.hits.hits).toContainEqual(
      expect.objectContaining({
        subject: { type: 'user', id: rita.id },
        permission: 'view',
        origin: `request:${asked.json.id}`,
      }),
    );
    expect(await canReadFiles(rita.client, record.id)).toBe(true);
    const [acceptedMail, ...others] = await mailsAfter(since);
    expect(others).toEqual([]);
    expect(acceptedMail).toMatchObject({
      to: rita.user.email,
      subject: 'Your access request for "Ice cores 2024" was accepted',
    });
    expect(acceptedMail!.text).toContain(`http://arca.test/records/${record.id}`);
  });

  it('declining tells the requester; the requester may cancel their own', async () => {
    const record = await restrictedFiles('Declined cores', { allow_user_requests: true });
    const dan = await person('Dan Declined');
    const asked = await dan.client.post(`/api/records/${record.id}/access/request`, {});
    expect(asked.status, asked.body).toBe(200);
    const since = await mailCount();
    const declined = await owner.post(`/api/requests/${asked.json.id}/actions/decline`, {
      payload: { content: '<p>Not yet.</p>', format: 'html' },
    });
    expect(declined.status, declined.body).toBe(200);
    expect(declined.json.status).toBe('declined');
    const mails = await mailsAfter(since);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: dan.user.email,
      subject: 'Your access request for "Declined cores" was declined',
    });
    expect(mails[0]!.text).toContain(`http://arca.test/me/requests/${asked.json.id}`);
    expect(await canReadFiles(dan.client, record.id)).toBe(false);

    // A closed request is no duplicate: asking again works, and its creator may cancel it.
    const again = await dan.client.post(`/api/records/${record.id}/access/request`, {});
    expect(again.status).toBe(200);
    const cancelled = await dan.client.post(`/api/requests/${again.json.id}/actions/cancel`);
    expect(cancelled.json.status).toBe('cancelled');
  });

  it('is refused when the settings say no, when one is open, and to who can read already', async () => {
    const closed = await restrictedFiles('Closed cores', { allow_guest_requests: true });
    const una = await person('Una User');
    const refused = await una.client.post(`/api/records/${closed.id}/access/request`, {});
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('This record does not accept access requests.');

    const open = await restrictedFiles('Open cores', { allow_user_requests: true });
    const first = await una.client.post(`/api/records/${open.id}/access/request`, {});
    expect(first.status).toBe(200);
    const duplicate = await una.client.post(`/api/records/${open.id}/access/request`, {
      message: 'Again',
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.message).toBe(
      `Identical access requests already exist: ${first.json.id}`,
    );

    // The owner, and a user with a grant, can already read the files.
    expect((await owner.post(`/api/records/${open.id}/access/request`, {})).status).toBe(403);
    const vera = await person('Vera Viewer');
    await owner.post(`/api/records/${open.id}/access/grants`, {
      grants: [{ subject: { type: 'user', id: vera.id }, permission: 'view', notify: false }],
    });
    const already = await vera.client.post(`/api/records/${open.id}/access/request`, {});
    expect(already.status).toBe(403);
    expect(already.json.message).toBe('You can already access the files of this record.');

    // Public files need no request; unknown records are 404; bad input names the field.
    const publicRecord = await publishRecord(owner, publishable('Open files'));
    await owner.put(`/api/records/${publicRecord.id}/access`, { allow_user_requests: true });
    expect(
      (await una.client.post(`/api/records/${publicRecord.id}/access/request`, {})).status,
    ).toBe(403);
    expect((await una.client.post('/api/records/nope0-00000/access/request', {})).status).toBe(404);
    const bad = await una.client.post(`/api/records/${open.id}/access/request`, {
      email: 'not an address',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe('email');
  });
});
