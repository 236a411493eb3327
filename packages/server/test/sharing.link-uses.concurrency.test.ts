import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { secretLinkUses } from '../src/db/schema.ts';
import { purgeLinkUses } from '../src/services/sharing/link-uses-purge.ts';
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

describe('visitor numbers and the retention under concurrency', () => {
  const openByTen = (id: string, token: string) =>
    Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        t.client().get(`/api/records/${id}?token=${token}`, {
          headers: { 'user-agent': `Reader ${n}` },
        }),
      ),
    );
  const visitorsListed = async (id: string, linkId: string) => {
    const uses = await owner.get(`/api/records/${id}/access/links/${linkId}/uses?size=100`);
    return (uses.json.hits.hits as { visitor: number }[]).map((hit) => hit.visitor);
  };

  it('numbers ten new visitors racing on a link 1 to 10, and again the same on their return', async () => {
    const { id, link } = await restrictedLink('Raced numbers', {});
    expect((await openByTen(id, link.token)).every((a) => a.status === 200)).toBe(true);
    const first = await visitorsListed(id, link.id);
    expect(first.slice().sort((a, b) => a - b)).toEqual(range(PARALLEL));
    expect((await openByTen(id, link.token)).every((a) => a.status === 200)).toBe(true);
    const all = await visitorsListed(id, link.id);
    expect(all).toHaveLength(2 * PARALLEL);
    expect(new Set(all)).toEqual(new Set(range(PARALLEL)));
    const usage = (await owner.get(`/api/records/${id}/access/links/${link.id}`)).json.usage;
    expect(usage).toMatchObject({ uses: 2 * PARALLEL, visitors: PARALLEL });
  });

  it('loses no count nor cap when the purge runs while ten uses race', async () => {
    const { id, link } = await restrictedLink('Raced purge', { max_uses: 15 });
    const early = t.client();
    for (let n = 0; n < 5; n++) {
      expect((await early.get(`/api/records/${id}?token=${link.token}`)).status).toBe(200);
    }
    const old = new Date(Date.now() - 400 * 86_400_000);
    await t.db
      .update(secretLinkUses)
      .set({ usedAt: old })
      .where(eq(secretLinkUses.linkId, link.id));
    const [purged, answers] = await Promise.all([
      purgeLinkUses(t.db, 365),
      openByTen(id, link.token),
    ]);
    expect(purged).toBeGreaterThanOrEqual(5);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const usage = (await owner.get(`/api/records/${id}/access/links/${link.id}`)).json.usage;
    expect(usage).toMatchObject({ uses: 15, visitors: 11 });
    expect(await visitorsListed(id, link.id)).toHaveLength(PARALLEL);
    // The cap counts the purged uses: the sixteenth is refused.
    expect((await t.client().get(`/api/records/${id}?token=${link.token}`)).status).toBe(403);
  });
});

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
