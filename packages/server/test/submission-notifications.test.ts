import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

let t: TestApp;
let admin: TestClient;
let owner: { client: TestClient; email: string };
let curator: { client: TestClient; email: string };
let reader: { client: TestClient; email: string };
let uploader: { client: TestClient; email: string };
let lab: { id: string };

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const people = await Promise.all(
    ['Olga Owner', 'Carol Curator', 'Rob Reader', 'Uli Uploader'].map((name) => loggedIn(t, name)),
  );
  // Public profiles: the mails name them (a private one is "Someone", privacy.people.test.ts).
  for (const person of people) {
    await t.services.accounts.update(person.user.id, {
      preferences: { visibility: 'public', email_visibility: 'restricted' },
    });
  }
  [owner, curator, reader, uploader] = people.map((p) => ({
    client: p.client,
    email: p.user.email,
  })) as [typeof owner, typeof owner, typeof owner, typeof owner];
  const a = await buildUser(t.services, { isAdmin: true });
  admin = t.client();
  await admin.login(a.email);
  lab = await createCommunity(owner.client, 'mail-lab', { metadata: { title: 'Mail lab' } });
  await addMembers(owner.client, lab.id, [people[1]!.user.id], 'curator');
  await addMembers(owner.client, lab.id, [people[2]!.user.id], 'reader');
});
afterAll(() => t.close());

/** Runs the queued jobs and returns the mail written since `since` mails, oldest first. */
async function mailsAfter(since: number): Promise<Mail[]> {
  await t.services.jobs.runDue();
  const response = await admin.get('/api/admin/outbox?size=1000');
  return (response.json.hits.hits as Mail[]).slice().reverse().slice(since);
}
async function mailCount(): Promise<number> {
  await t.services.jobs.runDue();
  return (await admin.get('/api/admin/outbox?size=1')).json.hits.total as number;
}

const comment = (content: string) => ({ payload: { content, format: 'html' } });

async function submit(title: string, message?: string) {
  const draft = (await createDraft(uploader.client, publishable(title))).json;
  const review = await uploader.client.put(`/api/records/${draft.id}/draft/review`, {
    receiver: { community: lab.id },
    type: 'community-submission',
  });
  expect(review.status, review.body).toBe(200);
  const submitted = await uploader.client.post(
    `/api/records/${draft.id}/draft/actions/submit-review`,
    message ? comment(message) : undefined,
  );
  expect(submitted.status, submitted.body).toBe(202);
  return { draftId: draft.id as string, requestId: submitted.json.id as string };
}

describe('mail about community submissions', () => {
  it('tells the curators of a published record asked into the community, and the owner of the answer', async () => {
    const draft = (await createDraft(uploader.client, publishable('Bog pollen'))).json;
    const published = await uploader.client.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(published.status, published.body).toBe(202);
    let before = await mailCount();
    const added = await uploader.client.post(`/api/records/${draft.id}/communities`, {
      communities: [{ id: lab.id }],
    });
    expect(added.status, added.body).toBe(200);
    let mails = await mailsAfter(before);
    expect(mails.map((m) => m.to).sort()).toEqual([owner.email, curator.email].sort());
    expect(mails[0]!.subject).toBe('New submission to Mail lab: "Bog pollen"');
    before = await mailCount();
    const requestId = added.json.processed[0].request_id as string;
    expect((await curator.client.post(`/api/requests/${requestId}/actions/accept`)).status).toBe(
      200,
    );
    mails = await mailsAfter(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [uploader.email, 'Your submission "Bog pollen" was accepted'],
    ]);
    // The record was published before: the mail says it joined, not that it is now published.
    expect(mails[0]!.text).toContain(
      'Mail lab accepted "Bog pollen": the record is now part of the community.',
    );
    expect(mails[0]!.text).not.toContain('now published');
    expect(mails[0]!.html).not.toContain('now published');
  });

  it('tells the curators of a new submission, with the uploader comment', async () => {
    const before = await mailCount();
    const { requestId } = await submit('Lake sediments', '<p>Please review <b>soon</b>.</p>');
    const mails = await mailsAfter(before);
    // Owner and curator curate; the reader does not.
    expect(mails.map((m) => m.to).sort()).toEqual([owner.email, curator.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('New submission to Mail lab: "Lake sediments"');
      expect(mail.text).toContain(
        'Uli Uploader submitted "Lake sediments" to Mail lab for review.',
      );
      expect(mail.text).toContain('Please review soon.');
      expect(mail.text).toContain(`http://arca.test/me/requests/${requestId}`);
      expect(mail.html).toContain('<b>soon</b>');
    }
    expect(mails.map((m) => m.to)).not.toContain(reader.email);
  });

  it('tells the uploader of comments by others, of a decline and of an acceptance', async () => {
    const { requestId, draftId } = await submit('River gauges');
    const url = `/api/requests/${requestId}`;

    let before = await mailCount();
    expect((await curator.client.post(`${url}/comments`, comment('<p>Units?</p>'))).status).toBe(
      201,
    );
    // The uploader's own answer tells nobody.
    expect((await uploader.client.post(`${url}/comments`, comment('<p>SI.</p>'))).status).toBe(201);
    let mails = await mailsAfter(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: uploader.email,
      subject: 'New comment on your submission "River gauges"',
    });
    expect(mails[0]!.text).toContain(
      'Carol Curator commented on your submission "River gauges" to Mail lab.',
    );
    expect(mails[0]!.text).toContain('Units?');

    before = await mailCount();
    const declined = await curator.client.post(
      `${url}/actions/decline`,
      comment('<p>Out of scope.</p>'),
    );
    expect(declined.status, declined.body).toBe(200);
    mails = await mailsAfter(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: uploader.email,
      subject: 'Your submission "River gauges" was declined',
    });
    expect(mails[0]!.text).toContain('Mail lab declined "River gauges".');
    expect(mails[0]!.text).toContain('Out of scope.');

    const second = await submit('Rain gauges');
    before = await mailCount();
    const accepted = await curator.client.post(`/api/requests/${second.requestId}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    mails = await mailsAfter(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: uploader.email,
      subject: 'Your submission "Rain gauges" was accepted',
    });
    expect(mails[0]!.text).toContain('Mail lab accepted "Rain gauges": it is now published.');
    expect(mails[0]!.text).toContain(`http://arca.test/records/${second.draftId}`);
    expect(draftId).not.toBe(second.draftId);
  });

  it('tells only the other curators when a curator includes a record directly', async () => {
    const before = await mailCount();
    const draft = (await createDraft(curator.client, publishable('Curated directly'))).json;
    await curator.client.put(`/api/records/${draft.id}/draft/review`, {
      receiver: { community: lab.id },
      type: 'community-submission',
    });
    const submitted = await curator.client.post(
      `/api/records/${draft.id}/draft/actions/submit-review`,
    );
    expect(submitted.status, submitted.body).toBe(202);
    expect(submitted.json.status).toBe('accepted');
    // Only the other curating member (the owner) hears of the submission.
    const mails = await mailsAfter(before);
    expect(mails.map((m) => m.to)).toEqual([owner.email]);
  });
});
