import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, records } from '../src/db/schema.ts';
import { buildUser, startTestApp } from './harness.ts';
import { createDraft, fieldErrors, publishRecord, publishable } from './records.helpers.ts';
import { alice, t, useAliceApp } from './records.lifecycle.helpers.ts';

useAliceApp();

describe('access rules', () => {
  it('switches the embargo off when record and files are public', async () => {
    const draft = (
      await createDraft(
        alice,
        publishable('Public embargo', {
          access: {
            record: 'public',
            files: 'public',
            embargo: { active: true, until: '2999-01-01' },
          },
        }),
      )
    ).json;
    expect(draft.access.embargo.active).toBe(false);
  });

  it('needs an embargo date in the future', async () => {
    const draft = (
      await createDraft(
        alice,
        publishable('Past embargo', {
          access: {
            record: 'public',
            files: 'restricted',
            embargo: { active: true, until: '2001-01-01' },
          },
        }),
      )
    ).json;
    expect(fieldErrors({ json: draft } as never)['access.embargo.until']).toHaveLength(1);
  });

  it('lifts an embargo at its date through a persisted job', async () => {
    const until = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const record = await publishRecord(
      alice,
      publishable('Embargoed dataset', {
        access: {
          record: 'restricted',
          files: 'restricted',
          embargo: { active: true, until, reason: 'Paper under review' },
        },
      }),
    );
    expect(record.access.status).toBe('embargoed');
    expect((await t.client().get(`/api/records/${record.id}`)).status).toBe(403);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `embargo:${record.id}`));
    expect(job?.runAt.toISOString().slice(0, 10)).toBe(until);

    expect(await t.services.jobs.runDue(new Date())).toBe(0);
    expect(await t.services.jobs.runDue(new Date(Date.now() + 3 * 86_400_000))).toBeGreaterThan(0);
    const lifted = await t.client().get(`/api/records/${record.id}`);
    expect(lifted.status).toBe(200);
    expect(lifted.json.access).toMatchObject({
      record: 'public',
      files: 'public',
      embargo: { active: false, until, reason: 'Paper under review' },
      status: 'metadata-only',
    });
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `embargo:${record.id}`)),
    ).toHaveLength(0);
  });

  it('keeps a published public record public after the grace period', async () => {
    const record = await publishRecord(alice, publishable('Long public'));
    await t.db
      .update(records)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(records.id, record.id));
    await alice.post(`/api/records/${record.id}/draft`);
    const saved = await alice.put(
      `/api/records/${record.id}/draft`,
      publishable('Long public', { access: { record: 'restricted', files: 'restricted' } }),
    );
    expect(fieldErrors(saved)['access.record']).toEqual([
      'Record visibility can not be changed to restricted anymore. Please contact support if you still need to make these changes.',
    ]);
    expect((await alice.post(`/api/records/${record.id}/draft/actions/publish`)).status).toBe(400);

    const recent = await publishRecord(alice, publishable('Recently public'));
    await alice.post(`/api/records/${recent.id}/draft`);
    const allowed = await alice.put(
      `/api/records/${recent.id}/draft`,
      publishable('Recently public', { access: { record: 'restricted', files: 'restricted' } }),
    );
    expect(fieldErrors(allowed)['access.record']).toBeUndefined();
  });
});

describe('DOIs', () => {
  it('reserves, discards and registers a managed DOI, with a concept DOI on the parent', async () => {
    const draft = (await createDraft(alice)).json;
    const reserved = await alice.post(`/api/records/${draft.id}/draft/pids/doi`);
    expect(reserved.status).toBe(201);
    expect(reserved.json.pids.doi).toEqual({
      identifier: `10.1234/arca.${draft.id}`,
      provider: 'managed',
    });
    const discarded = await alice.delete(`/api/records/${draft.id}/draft/pids/doi`);
    expect(discarded.status).toBe(200);
    expect(discarded.json.pids.doi).toBeUndefined();

    await alice.post(`/api/records/${draft.id}/draft/pids/doi`);
    // A save cannot remove or forge the managed DOI.
    await alice.put(`/api/records/${draft.id}/draft`, publishable());
    const published = await alice.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(published.json.pids.doi.identifier).toBe(`10.1234/arca.${draft.id}`);
    expect(published.json.links.doi).toBe(`https://doi.org/10.1234/arca.${draft.id}`);
    expect(published.json.parent.pids.doi.identifier).toBe(`10.1234/arca.${draft.parent.id}`);

    await alice.post(`/api/records/${draft.id}/draft`);
    const refused = await alice.delete(`/api/records/${draft.id}/draft/pids/doi`);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)['pids.doi']).toHaveLength(1);

    // Once a record has a DOI, its next version needs one too.
    const next = (await alice.post(`/api/records/${draft.id}/versions`)).json;
    const noDoi = await alice.post(`/api/records/${next.id}/draft/actions/publish`);
    expect(fieldErrors(noDoi)['pids.doi']).toEqual([
      'DOI is needed. You need to reserve a DOI before publishing.',
    ]);
  });

  it('keeps external DOIs unique across records and checks their form', async () => {
    const doi = { doi: { identifier: '10.5281/zenodo.1234567', provider: 'external' } };
    await publishRecord(alice, publishable('Has the DOI', { pids: doi }));
    const second = (await createDraft(alice, publishable('Wants the same DOI', { pids: doi })))
      .json;
    expect(fieldErrors({ json: second } as never)['pids.doi']).toHaveLength(1);
    // A save answers the same, whatever the case of the DOI, and forgets it once changed.
    const save = (identifier: string) =>
      alice.put(
        `/api/records/${second.id}/draft`,
        publishable('Wants the same DOI', { pids: { doi: { identifier, provider: 'external' } } }),
      );
    const sameDoi = await save('10.5281/ZENODO.1234567');
    expect(sameDoi.status).toBe(200);
    expect(fieldErrors(sameDoi)['pids.doi']).toHaveLength(1);
    expect(fieldErrors(await save('10.5281/zenodo.7654321'))['pids.doi']).toBeUndefined();
    const malformed = (
      await createDraft(
        alice,
        publishable('Bad DOI', {
          pids: { doi: { identifier: 'not-a-doi', provider: 'external' } },
        }),
      )
    ).json;
    expect(
      Object.keys(fieldErrors({ json: malformed } as never)).some((f) => f.startsWith('pids.doi')),
    ).toBe(true);
  });

  it('requires a DOI when the site says so', async () => {
    const strict = await startTestApp({ vocabularies: true, env: { ARCA_DOI_REQUIRED: 'true' } });
    try {
      const user = await buildUser(strict.services);
      const client = strict.client();
      await client.login(user.email);
      const draft = (await createDraft(client)).json;
      const refused = await client.post(`/api/records/${draft.id}/draft/actions/publish`);
      expect(refused.status).toBe(400);
      expect(fieldErrors(refused)['pids.doi']).toEqual([
        'DOI is needed. You need to reserve a DOI before publishing.',
      ]);
      await client.post(`/api/records/${draft.id}/draft/pids/doi`);
      expect((await client.post(`/api/records/${draft.id}/draft/actions/publish`)).status).toBe(
        202,
      );
    } finally {
      await strict.close();
    }
  });
});
