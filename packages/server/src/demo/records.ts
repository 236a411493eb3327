import type { Services } from '../http/context.ts';
import type { Actor } from '../permissions/records.policy.ts';

const creator = (family: string, given: string, orcid?: string) => ({
  person_or_org: {
    type: 'personal',
    family_name: family,
    given_name: given,
    ...(orcid ? { identifiers: [{ scheme: 'orcid', identifier: orcid }] } : {}),
  },
  affiliations: [{ id: '01ggx4157' }],
});

const base = (title: string, description: string, resourceType = 'dataset') => ({
  metadata: {
    resource_type: { id: resourceType },
    title,
    publication_date: '2026-03-15',
    creators: [creator('Archer', 'Alice'), creator('Baker', 'Bob', '0000-0002-1825-0097')],
    description: `<p>${description}</p>`,
    rights: [{ id: 'cc-by-4.0' }],
    languages: [{ id: 'eng' }],
    subjects: [{ subject: 'hydrology' }, { subject: 'soil science' }],
    publisher: 'Arca demo',
  },
  // Files arrive with the files capability; until then demo records are metadata-only.
  files: { enabled: false },
});

/** Alice's demo records: open, restricted files, embargoed, two versions, and a draft. */
export async function seedDemoRecords(services: Services, aliceId: number): Promise<void> {
  const alice: Actor = {
    identity: { userId: aliceId, isAdmin: false, isSystem: false },
    groups: [],
    links: [],
  };
  const publish = async (body: object) => {
    const draft = await services.records.create(alice, body);
    return services.records.publish(alice, draft.row.id);
  };

  await publish(
    base(
      'Soil moisture, Lake Geneva basin 2025',
      'Hourly soil moisture readings from twelve stations.',
    ),
  );
  await publish({
    ...base(
      'Interview transcripts on farming practice',
      'Anonymised interviews; files on request.',
      'publication-report',
    ),
    access: { record: 'public', files: 'restricted', embargo: { active: false } },
  });
  const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await publish({
    ...base('Glacier melt model outputs', 'Outputs of the melt model for the Rhône glacier.'),
    access: {
      record: 'public',
      files: 'restricted',
      embargo: { active: true, until: inAYear, reason: 'Until the article is published.' },
    },
  });
  const first = await publish(
    base('Lake sediment cores', 'Sediment cores from Lake Neuchâtel, first campaign.'),
  );
  const next = await services.records.newVersion(alice, first.row.id);
  await services.records.updateDraft(alice, next.row.id, {
    ...base('Lake sediment cores', 'Sediment cores from Lake Neuchâtel, both campaigns.'),
    metadata: {
      ...base('Lake sediment cores', 'Sediment cores from Lake Neuchâtel, both campaigns.')
        .metadata,
      version: 'v2',
    },
  });
  await services.records.publish(alice, next.row.id);
  await services.records.create(alice, {
    metadata: {
      title: 'Weather station calibration (work in progress)',
      resource_type: { id: 'dataset' },
    },
  });
}
