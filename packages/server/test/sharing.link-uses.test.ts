import { describe, expect, it } from 'vitest';
import {
  mailsAfter,
  mailCount,
  owner,
  person,
  t,
  useAccessRequestApp,
} from './access-requests.helpers.ts';
import { uploadFile } from './files.helpers.ts';
import { createDraft, fieldErrors, publishable } from './records.helpers.ts';

// Secret links you can audit and cap: uses recorded, caps and one-visitor binding enforced.
useAccessRequestApp();

/** A restricted record with one file, published by the owner. */
async function restrictedWithFile(title: string) {
  const draft = await createDraft(
    owner,
    publishable(title, {
      access: { record: 'restricted', files: 'restricted' },
      files: { enabled: true },
    }),
  );
  await uploadFile(owner, draft.json.id, 'data.csv', Buffer.from('a,b\n1,2\n'));
  const published = await owner.post(`/api/records/${draft.json.id}/draft/actions/publish`);
  expect(published.status, published.body).toBe(202);
  return published.json as { id: string };
}

async function link(recordId: string, body: Record<string, unknown>) {
  const created = await owner.post(`/api/records/${recordId}/access/links`, {
    permission: 'view',
    ...body,
  });
  expect(created.status, created.body).toBe(201);
  return created.json as { id: string; token: string };
}

const usageOf = async (recordId: string, linkId: string) =>
  (await owner.get(`/api/records/${recordId}/access/links/${linkId}`)).json.usage;

describe('secret link uses', () => {
  it('records each read and download, shown to managers with approximate visitors', async () => {
    const record = await restrictedWithFile('Audited soil');
    const { id, token } = await link(record.id, { description: 'Reviewers' });
    expect(await usageOf(record.id, id)).toEqual({
      uses: 0,
      downloads: 0,
      visitors: 0,
      last_used_at: null,
    });
    const first = t.client();
    const second = t.client();
    expect((await first.get(`/api/records/${record.id}?token=${token}`)).status).toBe(200);
    // The cookie carries the link on: the download is a use too, with its file.
    const download = await first.get(`/api/records/${record.id}/files/data.csv/content`);
    expect(download.status).toBe(200);
    const other = await second.get(`/api/records/${record.id}?token=${token}`, {
      headers: { 'user-agent': 'Another browser' },
    });
    expect(other.status).toBe(200);
    const usage = await usageOf(record.id, id);
    expect(usage).toMatchObject({ uses: 3, downloads: 1, visitors: 2 });
    expect(Date.now() - Date.parse(usage.last_used_at)).toBeLessThan(60_000);
    // The audit: each use, newest first, with its version, file and visitor hash.
    const audit = await owner.get(`/api/records/${record.id}/access/links/${id}/uses`);
    expect(audit.status).toBe(200);
    expect(audit.json.hits.total).toBe(3);
    const uses = audit.json.hits.hits as {
      record_id: string;
      version: number;
      file: string | null;
      visitor: number;
    }[];
    // The visitor by number on this link (first browser 1, the other 2), not by hash.
    expect(uses.map((use) => [use.record_id, use.version, use.file, use.visitor])).toEqual([
      [record.id, 1, null, 2],
      [record.id, 1, 'data.csv', 1],
      [record.id, 1, null, 1],
    ]);
    expect(JSON.stringify(audit.json)).not.toContain('127.0.0.1');
    // The owner's own reads need no link: they are no use of it.
    await owner.get(`/api/records/${record.id}?token=${token}`);
    expect((await usageOf(record.id, id)).uses).toBe(3);
    // The list answers keep InvenioRDM's fields and add the caps and usage.
    const list = await owner.get(`/api/records/${record.id}/access/links`);
    expect(list.json.hits.hits[0]).toMatchObject({
      id,
      token,
      permission: 'view',
      description: 'Reviewers',
      expires_at: null,
      max_uses: null,
      max_downloads: null,
      one_visitor: false,
      notify_first_use: false,
      usage: { uses: 3, downloads: 1, visitors: 2 },
    });
  });

  it('refuses a link past its uses with a clear message, and past its downloads', async () => {
    const record = await restrictedWithFile('Capped soil');
    const capped = await link(record.id, { max_uses: 2 });
    const visitor = t.client();
    expect((await visitor.get(`/api/records/${record.id}?token=${capped.token}`)).status).toBe(200);
    expect((await visitor.get(`/api/records/${record.id}`)).status).toBe(200);
    const refused = await visitor.get(`/api/records/${record.id}`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(
      'This link has reached its limit of uses and no longer gives access.',
    );
    const files = await visitor.get(`/api/records/${record.id}/files`);
    expect(files.status).toBe(403);
    // "Who can see this" no longer lists it.
    const explained = await owner.get(`/api/records/${record.id}/access/explain`);
    const ids = (explained.json.hits.hits as { subject: { id?: string } }[]).map(
      (r) => r.subject.id,
    );
    expect(ids).not.toContain(capped.id);
    // Translated for the caller's language.
    const german = await visitor.get(`/api/records/${record.id}`, {
      headers: { 'accept-language': 'de' },
    });
    expect(german.json.message).not.toBe(refused.json.message);

    const oneDownload = await link(record.id, { max_downloads: 1 });
    const reader = t.client();
    const url = `/api/records/${record.id}/files/data.csv/content`;
    expect((await reader.get(`${url}?token=${oneDownload.token}`)).status).toBe(200);
    const again = await reader.get(url);
    expect(again.status).toBe(403);
    expect(again.json.message).toBe(
      'This link has reached its limit of file downloads and no longer lets files be downloaded.',
    );
    // The record itself stays readable through it.
    expect((await reader.get(`/api/records/${record.id}`)).status).toBe(200);
    expect(await usageOf(record.id, oneDownload.id)).toMatchObject({ uses: 2, downloads: 1 });
  });

  it('binds a one-visitor link to the first browser that opens it', async () => {
    const record = await restrictedWithFile('Bound soil');
    const { token } = await link(record.id, { one_visitor: true });
    const first = t.client();
    const second = t.client();
    expect((await first.get(`/api/records/${record.id}?token=${token}`)).status).toBe(200);
    expect((await first.get(`/api/records/${record.id}`)).status).toBe(200);
    const refused = await second.get(`/api/records/${record.id}?token=${token}`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(
      'This link can only be used by the first browser that opened it, and that was another one.',
    );
    expect((await second.get(`/api/records/${record.id}/files`)).status).toBe(403);
  });

  it('mails the owner once, on the first use, when asked to', async () => {
    const record = await restrictedWithFile('Noticed soil');
    const { token } = await link(record.id, { notify_first_use: true, description: 'Panel' });
    const silent = await link(record.id, {});
    const before = await mailCount();
    await t.client().get(`/api/records/${record.id}?token=${silent.token}`);
    await t.client().get(`/api/records/${record.id}?token=${token}`);
    await t.client().get(`/api/records/${record.id}?token=${token}`);
    const mails = await mailsAfter(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your secret link to "Noticed soil" was used for the first time',
    ]);
    expect(mails[0]!.text).toContain('The secret link "Panel" to "Noticed soil"');
  });

  it('counts a preview link reading a draft, and mails the editor page', async () => {
    const draft = await createDraft(owner, publishable('Draft under review'));
    const created = await owner.post(`/api/records/${draft.json.id}/access/links`, {
      permission: 'preview',
      max_uses: 1,
      notify_first_use: true,
    });
    const before = await mailCount();
    const url = `/api/records/${draft.json.id}/draft?token=${created.json.token}`;
    expect((await t.client().get(url)).status).toBe(200);
    const refused = await t.client().get(url);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(
      'This link has reached its limit of uses and no longer gives access.',
    );
    const [mail] = await mailsAfter(before);
    expect(mail!.text).toContain(`/uploads/${draft.json.id}`);
  });

  it('validates caps with 400s naming the field, and can change them', async () => {
    const record = await restrictedWithFile('Validated soil');
    const base = `/api/records/${record.id}/access/links`;
    for (const [field, value] of [
      ['max_uses', 0],
      ['max_uses', 1.5],
      ['max_downloads', 'many'],
      ['max_uses', 1_000_001],
    ] as const) {
      const bad = await owner.post(base, { permission: 'view', [field]: value });
      expect(bad.status, `${field}=${value}`).toBe(400);
      expect(fieldErrors(bad)[field]).toEqual([
        'Must be a whole number from 1 to 1000000, or empty for no limit.',
      ]);
    }
    const wrong = await owner.post(base, { permission: 'view', one_visitor: 'yes' });
    expect(fieldErrors(wrong).one_visitor).toEqual(['Not a valid boolean.']);
    const { id } = await link(record.id, { max_uses: 5 });
    const changed = await owner.patch(`${base}/${id}`, { max_uses: null, max_downloads: 3 });
    expect(changed.json).toMatchObject({ max_uses: null, max_downloads: 3 });
  });

  it('shows usage to managers only', async () => {
    const record = await restrictedWithFile('Private usage');
    const { id, token } = await link(record.id, {});
    const viewer = await person('Vera Viewer');
    await owner.post(`/api/records/${record.id}/access/users`, {
      grants: [{ subject: { type: 'user', id: viewer.id }, permission: 'view', notify: false }],
    });
    const holder = t.client();
    await holder.get(`/api/records/${record.id}?token=${token}`);
    for (const client of [viewer.client, holder, t.client()]) {
      expect((await client.get(`/api/records/${record.id}/access/links`)).status).toBe(403);
      expect((await client.get(`/api/records/${record.id}/access/links/${id}`)).status).toBe(403);
      const audit = await client.get(`/api/records/${record.id}/access/links/${id}/uses`);
      expect(audit.status).toBe(403);
      const read = await client.get(`/api/records/${record.id}`);
      expect(JSON.stringify(read.json)).not.toContain('"usage"');
      expect(read.json.parent?.access?.links).toBeUndefined();
    }
  });
});
