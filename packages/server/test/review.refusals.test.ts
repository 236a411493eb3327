import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.ts';
import { createCommunity, loggedIn } from './communities.helpers.ts';
import { createDraft, fieldErrors, publishRecord, publishable } from './records.helpers.ts';
import {
  curator,
  draftWithReview,
  lab,
  membersOnly,
  reader,
  restrictedLab,
  review,
  statusOf,
  stranger,
  themed,
  uploader,
  useReviewApp,
} from './review.helpers.ts';

useReviewApp();

describe('submission refusals (SPEC §5)', () => {
  it('refuses a public record to a restricted community; choosing it restricts the draft', async () => {
    const { draft } = await draftWithReview(uploader, restrictedLab.id, 'Public to restricted');
    const chosen = (await uploader.get(`/api/records/${draft.id}/draft`)).json;
    expect(chosen.access).toMatchObject({ record: 'restricted', files: 'restricted' });
    // The uploader makes it public again: submitting is now refused.
    await uploader.put(`/api/records/${draft.id}/draft`, publishable('Public to restricted'));
    const refused = await uploader.post(`/api/records/${draft.id}/draft/actions/submit-review`);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(
      'Submission to this community is only allowed if the record is restricted.',
    );
    expect(await statusOf(uploader, draft.id)).toBe('draft_with_review');
  });

  it('refuses non-members where submission is for members only', async () => {
    const draft = (await createDraft(uploader, publishable('Members only'))).json;
    const refused = await uploader.put(
      `/api/records/${draft.id}/draft/review`,
      review(membersOnly.id),
    );
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(
      'Submission to this community is only allowed to community members.',
    );
    const picked = await uploader.get(`/api/communities/${membersOnly.id}`);
    expect(picked.json.ui.permissions.can_submit_record).toBe(false);
    // A reader of it may.
    await draftWithReview(reader, membersOnly.id, 'From a member');
  });

  it('refuses the generic form for a community with its own upload form', async () => {
    const draft = (await createDraft(uploader, publishable('Generic form'))).json;
    const refused = await uploader.put(`/api/records/${draft.id}/draft/review`, review(themed.id));
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(
      'Submission to this community is only allowed through its own upload form.',
    );
    // The dedicated form gives the review when it creates the draft.
    const fromForm = await uploader.post('/api/records', {
      ...publishable('Dedicated form'),
      parent: { review: review(themed.id) },
    });
    expect(fromForm.status, fromForm.body).toBe(201);
    expect(fromForm.json.status).toBe('draft_with_review');
    expect(fromForm.json.parent.review.receiver).toEqual({ community: themed.id });
    // A refused review at creation leaves no draft behind.
    const before = (await uploader.get('/api/user/records?size=100')).json.hits.total;
    const refusedAtCreation = await uploader.post('/api/records', {
      ...publishable('Refused at creation'),
      parent: { review: review(membersOnly.id) },
    });
    expect(refusedAtCreation.status).toBe(403);
    expect((await uploader.get('/api/user/records?size=100')).json.hits.total).toBe(before);
    // Saving again with the same community is fine.
    const resave = await uploader.put(
      `/api/records/${fromForm.json.id}/draft/review`,
      review(themed.id),
    );
    expect(resave.status).toBe(200);
    expect(resave.json.id).toBe(fromForm.json.parent.review.id);
    const submit = await uploader.post(
      `/api/records/${fromForm.json.id}/draft/actions/submit-review`,
    );
    expect(submit.status).toBe(202);
  });

  it('checks the review body, the community, the draft and its status', async () => {
    const draft = (await createDraft(uploader, publishable('Checks'))).json;
    const url = `/api/records/${draft.id}/draft/review`;
    const badType = await uploader.put(url, { ...review(lab.id), type: 'community-inclusion' });
    expect(badType.json).toMatchObject({ status: 400, message: 'Invalid review type.' });
    const missing = await uploader.put(url, { type: 'community-submission' });
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing)['receiver']).toBeDefined();
    const unknown = await uploader.put(url, review('00000000-0000-0000-0000-000000000000'));
    expect(unknown.status).toBe(400);
    expect(fieldErrors(unknown)['receiver.community']).toEqual(['The community was not found.']);
    // A restricted community is unknown to those who cannot see it.
    const hidden = await stranger.post('/api/records', publishable('Stranger draft'));
    const hiddenPut = await stranger.put(
      `/api/records/${hidden.json.id}/draft/review`,
      review(restrictedLab.id),
    );
    expect(fieldErrors(hiddenPut)['receiver.community']).toEqual(['The community was not found.']);

    expect((await uploader.get(url)).json.message).toBe('Review for draft not found');
    expect((await uploader.delete(url)).status).toBe(404);
    const noReview = await uploader.post(`/api/records/${draft.id}/draft/actions/submit-review`);
    expect(noReview.status).toBe(404);
    // Only those who manage the draft may choose its community.
    expect((await stranger.put(url, review(lab.id))).status).toBe(403);
    expect((await curator.put(url, review(lab.id))).status).toBe(403);

    // An incomplete draft is not submitted: its problems come back as field errors.
    const incomplete = (await createDraft(uploader, { metadata: { title: 'In' } })).json;
    await uploader.put(`/api/records/${incomplete.id}/draft/review`, review(lab.id));
    const invalid = await uploader.post(
      `/api/records/${incomplete.id}/draft/actions/submit-review`,
    );
    expect(invalid.status).toBe(400);
    expect(Object.keys(fieldErrors(invalid))).toEqual(
      expect.arrayContaining(['metadata.title', 'metadata.creators']),
    );
    expect(await statusOf(uploader, incomplete.id)).toBe('draft_with_review');

    // Published records and new versions take no review.
    const record = await publishRecord(uploader, publishable('Already out'));
    await uploader.post(`/api/records/${record.id}/draft`);
    const onPublished = await uploader.put(
      `/api/records/${record.id}/draft/review`,
      review(lab.id),
    );
    expect(onPublished.json.message).toBe(
      'You cannot create a review for an already published record.',
    );
    const version = await uploader.post(`/api/records/${record.id}/versions`);
    const onVersion = await uploader.put(
      `/api/records/${version.json.id}/draft/review`,
      review(lab.id),
    );
    expect(onVersion.json.message).toBe(
      'You cannot create a review for a new version of a published record.',
    );
    expect(version.json.status).toBe('new_version_draft');
  });

  it('blocks submission without a DOI where one is needed', async () => {
    const strict = await startTestApp({ vocabularies: true, env: { ARCA_DOI_REQUIRED: 'true' } });
    try {
      const o = await loggedIn(strict, 'Strict Owner');
      const community = await createCommunity(o.client, 'strict');
      const draft = (await createDraft(o.client, publishable('Needs a DOI'))).json;
      await o.client.put(`/api/records/${draft.id}/draft/review`, review(community.id));
      // The owner could include directly: the DOI check comes first.
      const refused = await o.client.post(`/api/records/${draft.id}/draft/actions/submit-review`);
      expect(refused.status).toBe(400);
      expect(fieldErrors(refused)['pids.doi']).toEqual([
        'DOI is needed. You need to reserve a DOI before submitting for review.',
      ]);
      await o.client.post(`/api/records/${draft.id}/draft/pids/doi`);
      const ok = await o.client.post(`/api/records/${draft.id}/draft/actions/submit-review`);
      expect(ok.status, ok.body).toBe(202);
    } finally {
      await strict.close();
    }
  });
});
