import type { Services } from '../services/services.ts';
import type { Actor } from '../permissions/records.policy.ts';

const actorOf = (userId: number, isAdmin = false): Actor => ({
  identity: { userId, isAdmin, isSystem: false },
  groups: [],
  links: [],
});

/**
 * Demo communities: "Demo Lab" (public; carol curates, alice reads), a
 * restricted one for members only, and one with its own upload form; plus a
 * submission of alice's waiting for carol's review.
 */
export async function seedDemoCommunities(
  services: Services,
  ids: { admin: number; alice: number; carol: number },
): Promise<void> {
  const admin = actorOf(ids.admin, true);
  const lab = await services.communities.create(admin, {
    slug: 'demo-lab',
    metadata: {
      title: 'Demo Lab',
      description: 'Field data of the demo lab: soils, lakes and glaciers.',
      website: 'https://lab.demo.arca.example.org',
    },
    access: { visibility: 'public', record_submission_policy: 'open', review_policy: 'open' },
  });
  const restricted = await services.communities.create(admin, {
    slug: 'alpine-archive',
    metadata: {
      title: 'Alpine Archive',
      description: 'Sensitive field notes, visible to members only.',
    },
    access: { visibility: 'restricted', record_submission_policy: 'closed', review_policy: 'open' },
  });
  await services.communities.create(admin, {
    slug: 'glacier-observatory',
    metadata: {
      title: 'Glacier Observatory',
      description: 'Takes submissions through its own upload form.',
    },
    access: { visibility: 'public', record_submission_policy: 'open', review_policy: 'closed' },
    theme: { enabled: true },
  });
  for (const community of [lab, restricted]) {
    await services.communities.addMemberAsSystem(community.row.id, ids.carol, 'curator');
    await services.communities.addMemberAsSystem(community.row.id, ids.alice, 'reader');
  }

  const alice: Actor = {
    ...actorOf(ids.alice),
    communities: [{ id: lab.row.id, role: 'reader' }],
  };
  const draft = await services.records.create(alice, {
    metadata: {
      resource_type: { id: 'dataset' },
      title: 'River temperature logs, spring 2026',
      publication_date: '2026-05-01',
      creators: [
        { person_or_org: { type: 'personal', family_name: 'Archer', given_name: 'Alice' } },
      ],
      description: '<p>Half-hourly water temperature at three river gauges.</p>',
      publisher: 'Arca demo',
    },
    files: { enabled: false },
  });
  // A site that requires DOIs takes no submission without one.
  const errors = await services.records.publishErrors(alice, draft.row.id, 'submit');
  if (errors.some((error) => error.field === 'pids.doi')) {
    await services.records.reserveDoi(alice, draft.row.id);
  }
  await services.reviews.put(alice, draft.row.id, {
    type: 'community-submission',
    receiver: { community: lab.row.id },
  });
  await services.reviews.submit(alice, draft.row.id, '<p>Ready for review, thank you!</p>');
}
