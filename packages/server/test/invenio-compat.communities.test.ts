import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { requests } from '../src/db/schema.requests.ts';
import { buildUser, type TestClient } from './harness.ts';
import { loggedIn } from './communities.helpers.ts';
import { publishRecord, publishable } from './records.helpers.ts';
import {
  closedLab,
  curator,
  lab,
  membersOnly,
  restrictedLab,
  stranger,
  t,
  uploader,
  useReviewApp,
} from './review.helpers.ts';

// A published record's communities, as InvenioRDM's tests state them
// (inveniosoftware/invenio-rdm-records: tests/resources/test_resources_communities.py,
// tests/resources/test_resources_record_communities.py; the answers of
// invenio_rdm_records/resources/resources.py `RDMRecordCommunitiesResource` and
// services/communities/service.py `RecordCommunitiesService`).
useReviewApp();

const body = (...ids: string[]) => ({ communities: ids.map((id) => ({ id })) });
const url = (id: string) => `/api/records/${id}/communities`;

async function published(client: TestClient, title: string, access?: Record<string, unknown>) {
  const record = publishable(title);
  return publishRecord(client, access ? { ...record, access } : record);
}

/** A published record already in `communityId`, through an inclusion its curator accepted. */
async function inCommunity(title: string, communityId: string) {
  const record = await published(uploader, title);
  const added = await uploader.post(url(record.id), body(communityId));
  expect(added.status, added.body).toBe(200);
  const accept = await curator.post(
    `/api/requests/${added.json.processed[0].request_id}/actions/accept`,
  );
  expect(accept.status, accept.body).toBe(200);
  return record;
}

const communitiesOf = async (id: string) =>
  (await uploader.get(`/api/records/${id}`)).json.parent.communities;

describe('POST /api/records/{id}/communities', () => {
  // test_resources_record_communities.py::test_search_record_suggested_communities (the POST part)
  it('asks the community with a community-inclusion request: processed, community_id, request', async () => {
    const record = await published(uploader, 'Glacier melt rates');
    const response = await uploader.post(url(record.id), body(lab.id));
    expect(response.status, response.body).toBe(200);
    expect(response.json.errors).toBeUndefined();
    const [item] = response.json.processed;
    expect(item.community_id).toBe(lab.id);
    expect(item.request_id).toBe(item.request.id);
    expect(item.request).toMatchObject({
      type: 'community-inclusion',
      status: 'submitted',
      is_open: true,
      title: 'Glacier melt rates',
      receiver: { community: lab.id },
      topic: { record: record.id },
    });
    // Not included until a curator accepts.
    expect(await communitiesOf(record.id)).toEqual({});
  });

  // invenio_rdm_records/requests/community_inclusion.py `AcceptAction`: the first community is the default
  it('includes the record when a curator accepts, the first community as default', async () => {
    const record = await inCommunity('Ice core isotopes', lab.id);
    expect(await communitiesOf(record.id)).toMatchObject({ ids: [lab.id], default: lab.id });
  });

  // services/communities/service.py `_include`: OpenRequestAlreadyExists, CommunityAlreadyExists
  it('refuses a second open request and a community the record is already in, 400 per community', async () => {
    const record = await published(uploader, 'Permafrost thaw');
    expect((await uploader.post(url(record.id), body(closedLab.id))).status).toBe(200);
    const again = await uploader.post(url(record.id), body(closedLab.id));
    expect(again.status).toBe(400);
    expect(again.json).toEqual({
      errors: [
        {
          community_id: closedLab.id,
          message: 'There is already an open inclusion request for this community.',
        },
      ],
    });
    const included = await inCommunity('Sea ice extent', lab.id);
    const twice = await uploader.post(url(included.id), body(lab.id));
    expect(twice.status).toBe(400);
    expect(twice.json.errors).toEqual([
      { community_id: lab.id, message: 'The record is already included in this community.' },
    ]);
  });

  // test_resources_record_communities.py::test_set_default_community (curator adds to open review community)
  it('includes at once where the actor may include directly, unless require_review', async () => {
    const record = await published(curator, 'Curated directly');
    const response = await curator.post(url(record.id), body(lab.id));
    expect(response.status).toBe(200);
    expect(response.json.errors).toBeUndefined();
    expect(response.json.processed).toHaveLength(1);
    expect(response.json.processed[0].request.status).toBe('accepted');
    const read = await curator.get(`/api/records/${record.id}`);
    expect(read.json.parent.communities.ids).toEqual([lab.id]);

    // A closed review policy, or require_review, leaves the request to the curators.
    const reviewed = await published(curator, 'Reviewed anyway');
    const asked = await curator.post(url(reviewed.id), {
      communities: [{ id: lab.id, require_review: true }, { id: closedLab.id }],
    });
    expect(
      asked.json.processed.map((p: { request: { status: string } }) => p.request.status),
    ).toEqual(['submitted', 'submitted']);
  });

  // services/communities/service.py `add`: per-community errors, 400 when none was processed
  it('reports unknown communities, public records for restricted ones and closed submission', async () => {
    const record = await published(uploader, 'Mixed answers');
    const response = await uploader.post(url(record.id), {
      communities: [{ id: 'no-such-community' }, { id: restrictedLab.id }, { id: membersOnly.id }],
    });
    expect(response.status).toBe(400);
    expect(response.json.processed).toBeUndefined();
    expect(response.json.errors).toEqual([
      { community_id: 'no-such-community', message: 'Community not found.' },
      {
        community_id: restrictedLab.id,
        message: 'A public record cannot be included in a restricted community.',
      },
      {
        community_id: membersOnly.id,
        message: 'Submission to this community is only allowed to community members.',
      },
    ]);
    // Each message in the caller's language.
    const german = await uploader.post(url(record.id), body('no-such-community'), {
      headers: { 'accept-language': 'de' },
    });
    expect(german.json.errors).toEqual([
      { community_id: 'no-such-community', message: 'Community nicht gefunden.' },
    ]);
    // One processed is enough for a 200, with the others listed.
    const partly = await uploader.post(url(record.id), body(lab.id, 'no-such-community'));
    expect(partly.status).toBe(200);
    expect(partly.json.processed).toHaveLength(1);
    expect(partly.json.errors).toEqual([
      { community_id: 'no-such-community', message: 'Community not found.' },
    ]);
  });

  // services/permissions.py `can_add_community = can_manage`; the schema's Length(min=1) and max_number
  it('needs the record manager and one to ten distinct communities', async () => {
    const record = await published(uploader, 'Rules of the body');
    expect((await stranger.post(url(record.id), body(lab.id))).status).toBe(403);
    expect((await t.client().post(url(record.id), body(lab.id))).status).toBe(403);
    expect((await uploader.post(url('nope0-00000'), body(lab.id))).status).toBe(404);
    const empty = await uploader.post(url(record.id), { communities: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([
      { field: 'communities', messages: ['Shorter than minimum length 1.'] },
    ]);
    const many = Array.from({ length: 11 }, (_, i) => `community-${i}`);
    const tooMany = await uploader.post(url(record.id), body(...many));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors).toEqual([
      { field: 'communities', messages: ['Too many communities passed, 10 max allowed.'] },
    ]);
    const missing = await uploader.post(url(record.id), {});
    expect(missing.status).toBe(400);
    expect(missing.json.errors[0].field).toBe('communities');
    const twice = await uploader.post(url(record.id), body(lab.id, lab.id));
    expect(twice.status).toBe(400);
  });
});

describe('DELETE /api/records/{id}/communities', () => {
  // test_resources_communities.py::test_remove_community
  it('the owner takes the record out: 200, no errors, parent.communities empty', async () => {
    const record = await inCommunity('Taken out', lab.id);
    const response = await uploader.delete(url(record.id), { body: body(lab.id) });
    expect(response.status).toBe(200);
    expect(response.json.errors).toBeUndefined();
    expect(await communitiesOf(record.id)).toEqual({});
  });

  // test_resources_communities.py::test_permission_denied; the resource answers 400 when nothing was removed
  it('refuses someone who is neither the owner nor a curator of that community', async () => {
    const record = await inCommunity('Not yours', lab.id);
    const response = await stranger.delete(url(record.id), { body: body(lab.id) });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ community: lab.id, message: 'Permission denied.' }]);
    expect(await communitiesOf(record.id)).toMatchObject({ ids: [lab.id], default: lab.id });
  });

  // test_resources_communities.py::test_error_data (RecordCommunityMissing)
  it('reports a community the record is not in', async () => {
    const record = await inCommunity('Wrong id', lab.id);
    const response = await uploader.delete(url(record.id), { body: body('wrong-id') });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      {
        community: 'wrong-id',
        message: `The record ${record.id} in not included in the community wrong-id.`,
      },
    ]);
    expect(await communitiesOf(record.id)).toMatchObject({ ids: [lab.id], default: lab.id });
  });

  // test_resources_communities.py::test_exceeded_max_number_of_communities
  it('refuses more than ten communities at once', async () => {
    const record = await inCommunity('Too many at once', lab.id);
    const random = Array.from({ length: 11 }, (_, i) => `random-${i}`);
    expect((await uploader.delete(url(record.id), { body: body(...random) })).status).toBe(400);
  });

  // services/permissions.py `can_remove_community = [RecordOwners(), CommunityCurators(), ...]`
  it("lets a community's curator take the record out of that community", async () => {
    const record = await inCommunity('Curator removes', lab.id);
    const response = await curator.delete(url(record.id), { body: body(lab.id) });
    expect(response.status).toBe(200);
    expect(await communitiesOf(record.id)).toEqual({});
  });
});

describe('GET /api/records/{id}/communities and communities-suggestions', () => {
  it("lists the record's communities as a community search", async () => {
    const record = await inCommunity('Listed', lab.id);
    const response = await t.client().get(url(record.id));
    expect(response.status).toBe(200);
    expect(response.json.hits.total).toBe(1);
    expect(response.json.hits.hits[0]).toMatchObject({ id: lab.id, slug: 'lab' });
  });

  // test_resources_record_communities.py::test_search_record_suggested_communities
  it('suggests communities the record is not in nor asked to, 403 to anonymous', async () => {
    const { client: loner } = await loggedIn(t, 'Lena Loner');
    const record = await published(loner, 'Suggestions');
    const suggestions = `/api/records/${record.id}/communities-suggestions`;
    expect((await t.client().get(suggestions)).status).toBe(403);
    const all = await loner.get(suggestions);
    expect(all.status).toBe(200);
    const before = all.json.hits.total as number;
    expect(before).toBeGreaterThan(1);
    const mine = await loner.get(`${suggestions}?membership=true`);
    expect(mine.status).toBe(200);
    expect(mine.json.hits.total).toBe(0);

    expect((await loner.post(url(record.id), body(closedLab.id))).status).toBe(200);
    const after = await loner.get(suggestions);
    expect(after.json.hits.total).toBe(before - 1);
    expect(after.json.hits.hits.map((c: { id: string }) => c.id)).not.toContain(closedLab.id);
  });
});

describe('curators of a community asked to include a restricted record', () => {
  // services/permissions.py `can_view`: CommunityInclusionReviewers, while the request is open
  it('read it, and find it, until they decide', async () => {
    const restricted = { record: 'restricted', files: 'restricted' };
    const record = await published(uploader, 'Private moss counts', restricted);
    expect((await curator.get(`/api/records/${record.id}`)).status).toBe(403);
    const added = await uploader.post(url(record.id), body(closedLab.id));
    expect(added.status, added.body).toBe(200);
    expect((await curator.get(`/api/records/${record.id}`)).status).toBe(200);
    const found = await curator.get('/api/records?q=%22Private%20moss%20counts%22');
    expect(found.json.hits.hits.map((h: { id: string }) => h.id)).toEqual([record.id]);
    // Others still may not.
    expect((await stranger.get(`/api/records/${record.id}`)).status).toBe(403);
    const requestId = added.json.processed[0].request_id as string;
    expect((await curator.post(`/api/requests/${requestId}/actions/decline`)).status).toBe(200);
    expect((await curator.get(`/api/records/${record.id}`)).status).toBe(403);
    expect(
      (await curator.get('/api/records?q=%22Private%20moss%20counts%22')).json.hits.total,
    ).toBe(0);
  });
});

describe('inclusion requests made at once', () => {
  // services/communities/service.py `_exists`: there should never be two open requests
  it('of ten parallel requests for one record and community, exactly one stays open', async () => {
    const user = await buildUser(t.services, { fullName: 'Pat Parallel' });
    const client = t.client();
    await client.login(user.email);
    const record = await published(client, 'Ten at once');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post(url(record.id), body(closedLab.id))),
    );
    const codes = answers.map((a) => a.status).sort();
    expect(
      codes.filter((s) => s === 200),
      String(codes),
    ).toHaveLength(1);
    expect(
      codes.filter((s) => s === 400),
      String(codes),
    ).toHaveLength(9);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.json.errors).toEqual([
        {
          community_id: closedLab.id,
          message: 'There is already an open inclusion request for this community.',
        },
      ]);
    }
    const open = await t.db
      .select({ id: requests.id, status: requests.status })
      .from(requests)
      .where(and(eq(requests.topicId, record.id), eq(requests.type, 'community-inclusion')));
    expect(open.filter((r) => r.status === 'submitted')).toHaveLength(1);
    // The refused ones leave nothing behind.
    expect(open).toHaveLength(1);
  });
});
