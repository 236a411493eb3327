import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequestTokens } from '../src/services/access-requests/tokens.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

const UI = { headers: { accept: 'application/vnd.inveniordm.v1+json' } };

let t: TestApp;
let owner: TestClient;
let ownerEmail: string;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await buildUser(t.services, { fullName: 'Olivia Owner', visibility: 'public' });
  ownerEmail = o.email;
  owner = t.client();
  await owner.login(o.email);
  const a = await buildUser(t.services, { fullName: 'Ada Admin', isAdmin: true });
  admin = t.client();
  await admin.login(a.email);
});
afterAll(() => t.close());

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Runs the queued jobs and returns the mail written since `since` mails, oldest first. */
async function mailsAfter(since: number): Promise<Mail[]> {
  await t.services.jobs.runDue();
  const response = await admin.get('/api/admin/outbox?size=1000');
  expect(response.status).toBe(200);
  const all = (response.json.hits.hits as Mail[]).slice().reverse();
  return all.slice(since);
}
async function mailCount(): Promise<number> {
  await t.services.jobs.runDue();
  return (await admin.get('/api/admin/outbox?size=1')).json.hits.total as number;
}

async function person(fullName: string) {
  const user = await buildUser(t.services, { fullName, visibility: 'public' });
  const client = t.client();
  await client.login(user.email);
  return { user, client, id: String(user.id) };
}

/** A public record with restricted files, open to the requests `settings` allow. */
async function restrictedFiles(title: string, settings: Record<string, unknown>) {
  const record = await publishRecord(
    owner,
    publishable(title, { access: { record: 'public', files: 'restricted' } }),
  );
  const put = await owner.put(`/api/records/${record.id}/access`, settings);
  expect(put.status, put.body).toBe(200);
  return record as { id: string };
}

const canReadFiles = async (client: TestClient, id: string, query = '') =>
  (await client.get(`/api/records/${id}${query}`, UI)).json.ui.permissions
    .can_read_files as boolean;

const urlIn = (text: string, pattern: RegExp) => {
  const found = text.match(pattern);
  expect(found, text).not.toBeNull();
  return found![0];
};

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

describe('a guest asks for access', () => {
  it('confirms by mail, is accepted, and reads the files through the mailed secret link', async () => {
    const record = await restrictedFiles('Guest cores', {
      allow_guest_requests: true,
      secret_link_expiration: 30,
    });
    const manager = await person('Max Manager');
    await owner.post(`/api/records/${record.id}/access/grants`, {
      grants: [{ subject: { type: 'user', id: manager.id }, permission: 'manage', notify: false }],
    });
    const guest = t.client();
    const since = await mailCount();
    const asked = await guest.post(`/api/records/${record.id}/access/request`, {
      email: 'gina@guest.example',
      full_name: 'Gina Guest',
      message: 'Please share.',
      consent_to_share_personal_data: 'true',
    });
    expect(asked.status, asked.body).toBe(200);
    expect(asked.json).toEqual({
      message: 'Verification link sent out, please check your e-mail inbox',
    });
    const [verification, ...rest] = await mailsAfter(since);
    expect(rest).toEqual([]);
    expect(verification).toMatchObject({
      to: 'gina@guest.example',
      subject: 'Confirm your access request for "Guest cores"',
    });
    expect(verification!.text).toContain('Confirm the request within 6 hours.');
    const confirmUrl = urlIn(
      verification!.text,
      /http:\/\/arca\.test\/access\/requests\/confirm\?access_request_token=\S+/,
    );

    // Following the link creates and submits the request, then opens its page.
    const beforeConfirm = await mailCount();
    const followed = await guest.get(confirmUrl.replace('http://arca.test', ''));
    expect(followed.status, followed.body).toBe(302);
    const location = String(followed.headers.location);
    const [, requestId, requestToken] = location.match(
      /^\/me\/requests\/([0-9a-f-]{36})\?access_request_token=(.+)$/,
    )!;
    const received = await mailsAfter(beforeConfirm);
    expect(received.map((m) => m.to).sort()).toEqual([ownerEmail, manager.user.email].sort());
    expect(received[0]!.text).toContain(
      'Gina Guest (gina@guest.example) asked for access to the files of "Guest cores".',
    );
    // Following it again finds the same request.
    const twice = await guest.get(confirmUrl.replace('http://arca.test', ''));
    expect(twice.headers.location).toBe(location);

    // The guest follows the request through its token link, and only through it.
    const requestUrl = `/api/requests/${requestId}`;
    const asGuest = await t
      .client()
      .get(`${requestUrl}?access_request_token=${decodeURIComponent(requestToken!)}`);
    expect(asGuest.status).toBe(200);
    expect(asGuest.json).toMatchObject({
      type: 'guest-access-request',
      status: 'submitted',
      created_by: { email: 'gina@guest.example' },
      payload: {
        email: 'gina@guest.example',
        full_name: 'Gina Guest',
        secret_link_expiration: 30,
      },
    });
    expect(Object.keys(asGuest.json.links.actions)).toEqual(['cancel']);
    expect((await t.client().get(requestUrl)).status).toBe(403);
    expect(
      (await t.client().get(`${requestUrl}?access_request_token=${requestId}.forged`)).status,
    ).toBe(403);
    const byOwner = await owner.get(requestUrl);
    expect(Object.keys(byOwner.json.links.actions).sort()).toEqual(['accept', 'decline']);
    // Confirming the same address with a new link while the request is open is a duplicate.
    const second = await guest.post(`/api/records/${record.id}/access/request`, {
      email: 'GINA@guest.example',
      full_name: 'Gina Guest',
    });
    expect(second.status).toBe(200);
    const secondMail = (await mailsAfter((await mailCount()) - 1))[0]!;
    const secondToken = decodeURIComponent(
      urlIn(secondMail.text, /access_request_token=\S+/).slice('access_request_token='.length),
    );
    const duplicate = await guest.post('/api/access/requests/confirm', {
      access_request_token: secondToken,
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.message).toBe(`Identical access requests already exist: ${requestId}`);

    const beforeAccept = await mailCount();
    const accepted = await manager.client.post(`${requestUrl}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    expect(accepted.json.status).toBe('accepted');
    const [granted, ...others] = await mailsAfter(beforeAccept);
    expect(others).toEqual([]);
    expect(granted).toMatchObject({ to: 'gina@guest.example', subject: 'Access to "Guest cores"' });
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(granted!.text).toContain(`The link works until ${expires}.`);
    const recordLink = urlIn(granted!.text, /http:\/\/arca\.test\/records\/\S+\?token=\S+/);
    const token = new URL(recordLink).searchParams.get('token')!;

    const links = await owner.get(`/api/records/${record.id}/access/links`);
    expect(links.json.hits.hits).toContainEqual(
      expect.objectContaining({
        permission: 'view',
        expires_at: expires,
        description: 'Requested by guest: Gina Guest (gina@guest.example)',
        token,
      }),
    );
    // The emailed link unlocks the restricted files.
    const reader = t.client();
    expect(await canReadFiles(reader, record.id)).toBe(false);
    expect(await canReadFiles(reader, record.id, `?token=${token}`)).toBe(true);
    expect(await canReadFiles(reader, record.id)).toBe(true);
  });

  it('a link that never expires when the setting is 0; declining mails the request link', async () => {
    const record = await restrictedFiles('Forever cores', { allow_guest_requests: true });
    const tokens = accessRequestTokens(t.config.secretKey);
    const confirm = async (email: string) => {
      const { token } = tokens.verificationToken({
        recordId: record.id,
        email,
        fullName: 'Pat Guest',
        message: '',
        consent: false,
      });
      const response = await t.client().post('/api/access/requests/confirm', {
        access_request_token: token,
      });
      expect(response.status, response.body).toBe(200);
      return response.json as {
        id: string;
        access_request_token: string;
        links: { self_html: string };
      };
    };
    const first = await confirm('pat@guest.example');
    expect(first.links.self_html).toBe(
      `http://arca.test/me/requests/${first.id}?access_request_token=${first.access_request_token}`,
    );
    const before = await mailCount();
    expect((await owner.post(`/api/requests/${first.id}/actions/accept`)).status).toBe(200);
    const [granted] = await mailsAfter(before);
    expect(granted!.text).not.toContain('works until');
    const links = await owner.get(`/api/records/${record.id}/access/links`);
    expect(links.json.hits.hits[0].expires_at).toBeNull();

    const second = await confirm('quinn@guest.example');
    const beforeDecline = await mailCount();
    expect((await owner.post(`/api/requests/${second.id}/actions/decline`)).status).toBe(200);
    const [declined] = await mailsAfter(beforeDecline);
    expect(declined).toMatchObject({ to: 'quinn@guest.example' });
    expect(declined!.text).toContain(
      `http://arca.test/me/requests/${second.id}?access_request_token=${second.access_request_token}`,
    );

    // The guest may cancel their own open request through the token link.
    const third = await confirm('cy@guest.example');
    const guest = t.client();
    const cancelled = await guest.post(
      `/api/requests/${third.id}/actions/cancel?access_request_token=${third.access_request_token}`,
    );
    expect(cancelled.status, cancelled.body).toBe(200);
    expect(cancelled.json.status).toBe('cancelled');
  });

  it('is refused when guests may not ask, with an expired or forged link, and to link holders', async () => {
    const userOnly = await restrictedFiles('Users only', { allow_user_requests: true });
    const refused = await t.client().post(`/api/records/${userOnly.id}/access/request`, {
      email: 'a@guest.example',
      full_name: 'A Guest',
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('This record does not accept access requests.');

    const record = await restrictedFiles('Guests welcome', { allow_guest_requests: true });
    const missing = await t.client().post(`/api/records/${record.id}/access/request`, {
      email: 'a@guest.example',
    });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([{ field: 'full_name', messages: [expect.any(String)] }]);

    const tokens = accessRequestTokens(t.config.secretKey);
    const claim = {
      recordId: record.id,
      email: 'late@guest.example',
      fullName: 'Late Guest',
      message: '',
      consent: true,
    };
    const sevenHoursAgo = Date.now() - 7 * 60 * 60 * 1000;
    const expired = tokens.verificationToken(claim, sevenHoursAgo).token;
    const late = await t.client().post('/api/access/requests/confirm', {
      access_request_token: expired,
    });
    expect(late.status).toBe(400);
    expect(late.json.message).toBe(
      'This verification link has expired. Please ask for access again to get a new one.',
    );
    const viaLink = await t
      .client()
      .get(`/access/requests/confirm?access_request_token=${encodeURIComponent(expired)}`);
    expect(viaLink.status).toBe(400);
    const fiveHoursAgo = Date.now() - 5 * 60 * 60 * 1000;
    const stillValid = tokens.verificationToken(claim, fiveHoursAgo).token;
    expect(
      (await t.client().post('/api/access/requests/confirm', { access_request_token: stillValid }))
        .status,
    ).toBe(200);
    const forged = `${stillValid.slice(0, -4)}AAAA`;
    const bad = await t.client().post('/api/access/requests/confirm', {
      access_request_token: forged,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('This verification link is not valid.');

    // Switching guest requests off stops confirmations too.
    const pending = tokens.verificationToken({ ...claim, email: 'off@guest.example' }).token;
    await owner.put(`/api/records/${record.id}/access`, { allow_guest_requests: false });
    const off = await t.client().post('/api/access/requests/confirm', {
      access_request_token: pending,
    });
    expect(off.status).toBe(403);
    await owner.put(`/api/records/${record.id}/access`, { allow_guest_requests: true });

    // Whoever holds a view link already reads the files.
    const link = await owner.post(`/api/records/${record.id}/access/links`, { permission: 'view' });
    const holder = t.client();
    await holder.get(`/api/records/${record.id}?token=${link.json.token}`);
    const needless = await holder.post(`/api/records/${record.id}/access/request`, {
      email: 'h@guest.example',
      full_name: 'Link Holder',
    });
    expect(needless.status).toBe(403);
  });

  // Last in this file: it exhausts the test client's address.
  it('is limited per e-mail and per address, so nobody can make the server mail without end', async () => {
    const record = await restrictedFiles('Flooded cores', { allow_guest_requests: true });
    const ask = (email: string) =>
      t.client().post(`/api/records/${record.id}/access/request`, {
        email,
        full_name: 'Flo Od',
      });
    const before = await mailCount();
    for (let i = 0; i < t.config.guestRequests.perEmail; i++) {
      expect((await ask('flood@guest.example')).status).toBe(200);
    }
    const again = await ask('FLOOD@guest.example');
    expect(again.status).toBe(429);
    expect(again.json.message).toBe('Too many access requests. Try again in 60 minutes.');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await mailCount()).toBe(before + t.config.guestRequests.perEmail);

    // New addresses each time: the caller's network address runs out.
    const answers: number[] = [];
    for (let i = 0; i < t.config.guestRequests.perAddress; i++) {
      answers.push((await ask(`guest${i}@guest.example`)).status);
    }
    const firstRefused = answers.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(answers.slice(firstRefused).every((status) => status === 429)).toBe(true);
    expect(await mailCount()).toBeLessThanOrEqual(before + t.config.guestRequests.perAddress);
  });
});
