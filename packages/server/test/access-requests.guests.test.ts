import { describe, expect, it } from 'vitest';
import { accessRequestTokens } from '../src/services/access-requests/tokens.ts';
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

const urlIn = (text: string, pattern: RegExp) => {
  const found = text.match(pattern);
  expect(found, text).not.toBeNull();
  return found![0];
};

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
