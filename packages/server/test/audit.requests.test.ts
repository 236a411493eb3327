// Accepting an access request gives access: a grant to the user who asked, a
// secret link to a guest. Both are recorded like any other access change,
// with the manager who accepted as the actor (issue "Audit log").
import { describe, expect, it } from 'vitest';
import { accessRequestTokens } from '../src/services/access-requests/tokens.ts';
import {
  owner,
  person,
  restrictedFiles,
  t,
  useAccessRequestApp,
} from './access-requests.helpers.ts';
import { entriesAbout } from './audit.helpers.ts';

useAccessRequestApp();

const parentOf = async (id: string) =>
  (await owner.get(`/api/records/${id}`)).json.parent.id as string;

describe('accepted access requests', () => {
  it('record the grant a user gets, by the manager who accepted', async () => {
    const record = await restrictedFiles('Audited request', { allow_user_requests: true });
    const rita = await person('Rita Requester');
    const asked = await rita.client.post(`/api/records/${record.id}/access/request`, {
      email: rita.user.email,
      full_name: 'Rita Requester',
      message: 'For my thesis.',
      consent_to_share_personal_data: 'true',
    });
    expect(asked.status, asked.body).toBe(200);
    const accepted = await owner.post(`/api/requests/${asked.json.id}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    const rows = await entriesAbout(t, await parentOf(record.id));
    const grant = rows.find((row) => row.action === 'grant.create');
    expect(grant).toMatchObject({
      actorAddress: '127.0.0.1',
      after: { subject: `user:${rita.id}`, permission: 'view', request: asked.json.id },
    });
    expect(grant!.actorId).not.toBe(Number(rita.id));
  });

  it('record the secret link a guest gets, without its token', async () => {
    const record = await restrictedFiles('Audited guest request', { allow_guest_requests: true });
    const { token } = accessRequestTokens(t.config.secretKey).verificationToken({
      recordId: record.id,
      email: 'pat@guest.example',
      fullName: 'Pat Guest',
      message: '',
      consent: false,
    });
    const confirmed = await t.client().post('/api/access/requests/confirm', {
      access_request_token: token,
    });
    expect(confirmed.status, confirmed.body).toBe(200);
    const id = confirmed.json.id as string;
    expect((await owner.post(`/api/requests/${id}/actions/accept`)).status).toBe(200);
    const rows = await entriesAbout(t, await parentOf(record.id));
    const link = rows.find((row) => row.action === 'link.create');
    expect(link).toMatchObject({
      after: {
        permission: 'view',
        request: id,
        description: 'Requested by guest: Pat Guest (pat@guest.example)',
      },
    });
    const links = (await owner.get(`/api/records/${record.id}/access/links`)).json.hits.hits;
    expect(JSON.stringify(rows)).not.toContain((links[0].token as string).split('.')[1]);
  });
});
