import { describe, expect, it } from 'vitest';
import { mailsAfter, mailCount, owner, t, useAccessRequestApp } from './access-requests.helpers.ts';
import { publishRecord, publishable } from './records.helpers.ts';

// Ten browsers at once on a capped or one-visitor link (PostgreSQL shows the races):
// the UPDATE that counts a use also checks the cap and binds the browser.
useAccessRequestApp();

const PARALLEL = 10;

async function restrictedLink(title: string, caps: Record<string, unknown>) {
  const record = await publishRecord(
    owner,
    publishable(title, { access: { record: 'restricted', files: 'restricted' } }),
  );
  const link = await owner.post(`/api/records/${record.id}/access/links`, {
    permission: 'view',
    ...caps,
  });
  expect(link.status, link.body).toBe(201);
  return { id: record.id as string, link: link.json as { id: string; token: string } };
}

const openInParallel = (id: string, token: string) =>
  Promise.all(
    Array.from({ length: PARALLEL }, (_, n) =>
      t.client().get(`/api/records/${id}?token=${token}`, {
        headers: { 'user-agent': `Browser ${n}` },
      }),
    ),
  );

describe('secret link caps under concurrency', () => {
  it('binds exactly one of ten browsers opening a one-visitor link at once', async () => {
    const { id, link } = await restrictedLink('Raced binding', { one_visitor: true });
    const answers = await openInParallel(id, link.token);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 403);
    expect(refused).toHaveLength(PARALLEL - 1);
    expect(new Set(refused.map((a) => a.json.message))).toEqual(
      new Set([
        'This link can only be used by the first browser that opened it, and that was another one.',
      ]),
    );
    const usage = (await owner.get(`/api/records/${id}/access/links/${link.id}`)).json.usage;
    expect(usage).toMatchObject({ uses: 1, visitors: 1 });
  });

  it('lets exactly one of ten parallel uses through when one use remains', async () => {
    const { id, link } = await restrictedLink('Raced cap', { max_uses: 5 });
    const early = t.client();
    for (let n = 0; n < 4; n++) {
      expect((await early.get(`/api/records/${id}?token=${link.token}`)).status).toBe(200);
    }
    const answers = await openInParallel(id, link.token);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(PARALLEL - 1);
    const usage = (await owner.get(`/api/records/${id}/access/links/${link.id}`)).json.usage;
    expect(usage.uses).toBe(5);
  });

  it('mails the owner once when ten first uses race', async () => {
    const { id, link } = await restrictedLink('Raced notice', { notify_first_use: true });
    const before = await mailCount();
    const answers = await openInParallel(id, link.token);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const mails = await mailsAfter(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your secret link to "Raced notice" was used for the first time',
    ]);
  });
});
