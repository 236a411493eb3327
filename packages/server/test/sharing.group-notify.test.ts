import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

const de = JSON.parse(
  readFileSync(new URL('../src/mail/locales/de.json', import.meta.url), 'utf8'),
) as Record<string, string>;

interface Mail {
  to: string;
  subject: string;
  text: string;
}

let t: TestApp;
let owner: TestClient;
let ownerId: number;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await buildUser(t.services, { fullName: 'Olivia Owner' });
  ownerId = o.id;
  owner = t.client();
  await owner.login(o.email);
  const a = await buildUser(t.services, { fullName: 'Ada Admin', isAdmin: true });
  admin = t.client();
  await admin.login(a.email);
});
afterAll(() => t.close());

/** The mail sent since `before` (the outbox lists the newest first). */
async function mailSince(before: number): Promise<Mail[]> {
  await t.services.jobs.runDue();
  const response = await admin.get('/api/admin/outbox?size=100');
  const hits = response.json.hits.hits as Mail[];
  return hits.slice(0, hits.length - before);
}
const outboxSize = async () => {
  await t.services.jobs.runDue();
  return (await admin.get('/api/admin/outbox?size=100')).json.hits.total as number;
};

/** A group with these members (users made here), and the users. */
async function groupOf(name: string, count: number, locale?: string) {
  await t.services.groups.create({ name });
  const members = [];
  for (let i = 0; i < count; i++) {
    const user = await buildUser(t.services, { fullName: `${name} member ${i}` });
    if (locale) {
      const client = t.client();
      await client.login(user.email);
      await client.patch('/api/me', { preferences: { locale } });
    }
    await t.services.groups.addMember(name, user.id);
    members.push(user);
  }
  return members;
}

const restricted = (title: string) =>
  publishable(title, { access: { record: 'restricted', files: 'restricted' } });

describe('group grants', () => {
  it("mail every member, in the member's language, with the message", async () => {
    const record = await publishRecord(owner, restricted('Ice cores <2025>'));
    const [anna, bert] = await groupOf('ice-lab', 2);
    const [greta] = await groupOf('eis-labor', 1, 'de');
    // The owner in the group is not told of a grant that gives them nothing.
    await t.services.groups.addMember('ice-lab', ownerId);
    const before = await outboxSize();
    const response = await owner.post(`/api/records/${record.id}/access/grants`, {
      grants: [
        {
          subject: { type: 'role', id: 'ice-lab' },
          permission: 'edit',
          message: '<p>Please check the <b>tables</b>.</p>',
        },
        { subject: { type: 'role', id: 'eis-labor' }, permission: 'view' },
      ],
    });
    expect(response.status, response.body).toBe(201);
    // Queued with the grants, sent after they commit.
    expect((await admin.get('/api/admin/outbox')).json.hits.total).toBe(before);

    const mails = await mailSince(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [anna!.email, bert!.email, greta!.email].sort(),
    );
    const annaMail = mails.find((mail) => mail.to === anna!.email)!;
    expect(annaMail.subject).toBe('Olivia Owner shared "Ice cores <2025>" with you');
    expect(annaMail.text).toContain('Olivia Owner gave you edit access to "Ice cores <2025>".');
    expect(annaMail.text).toContain('Please check the tables.');
    expect(annaMail.text).toContain(`http://arca.test/records/${record.id}`);
    const gretaMail = mails.find((mail) => mail.to === greta!.email)!;
    expect(gretaMail.subject).toBe(
      de
        .grantSubject!.replace('{{grantor}}', 'Olivia Owner')
        .replace('{{title}}', 'Ice cores <2025>'),
    );
  });

  it('mail no one with notify=false', async () => {
    const record = await publishRecord(owner, restricted('Quiet cores'));
    await groupOf('quiet-lab', 2);
    const before = await outboxSize();
    const response = await owner.post(`/api/records/${record.id}/access/grants`, {
      grants: [{ subject: { type: 'role', id: 'quiet-lab' }, permission: 'view', notify: false }],
    });
    expect(response.status, response.body).toBe(201);
    expect(await outboxSize()).toBe(before);
  });

  it('mail each member once, and not those their own grant already covers nor the grantor', async () => {
    const record = await publishRecord(owner, restricted('Shared twice'));
    const [carl, dora, emil] = await groupOf('core-team', 3);
    await t.services.groups.addMember('ice-lab', carl!.id);
    // Dora may already edit; Emil, the manager granting, is in the group himself.
    await t.services.accounts.update(dora!.id, { preferences: { visibility: 'public' } });
    await t.services.accounts.update(emil!.id, { preferences: { visibility: 'public' } });
    const base = `/api/records/${record.id}/access/grants`;
    await owner.post(base, {
      grants: [
        { subject: { type: 'user', id: String(dora!.id) }, permission: 'edit', notify: false },
        { subject: { type: 'user', id: String(emil!.id) }, permission: 'manage', notify: false },
      ],
    });
    const emilClient = t.client();
    await emilClient.login(emil!.email);
    const before = await outboxSize();
    const response = await emilClient.post(base, {
      grants: [
        { subject: { type: 'role', id: 'core-team' }, permission: 'view' },
        { subject: { type: 'role', id: 'ice-lab' }, permission: 'preview' },
      ],
    });
    expect(response.status, response.body).toBe(201);
    const mails = await mailSince(before);
    const carlMails = mails.filter((mail) => mail.to === carl!.email);
    // Carl is in both groups: one mail, for the stronger grant.
    expect(carlMails).toHaveLength(1);
    expect(carlMails[0]!.text).toContain('preview access');
    expect(mails.some((mail) => mail.to === dora!.email)).toBe(false);
    expect(mails.some((mail) => mail.to === emil!.email)).toBe(false);
  });
});
