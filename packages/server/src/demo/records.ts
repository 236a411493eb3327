import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Services } from '../services/services.ts';
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
  files: { enabled: true },
});

const filesDir = path.join(import.meta.dirname, 'files');

/** Alice's demo records: open, restricted files, embargoed, two versions, and a draft. */
export async function seedDemoRecords(services: Services, aliceId: number): Promise<void> {
  const alice: Actor = {
    identity: { userId: aliceId, isAdmin: false, isSystem: false },
    groups: [],
    links: [],
  };
  /** Uploads demo files the way a client does: init, content, commit. */
  const upload = async (draftId: string, names: string[]) => {
    const sizes = await Promise.all(
      names.map(async (name) => (await stat(path.join(filesDir, name))).size),
    );
    await services.files.init(
      alice,
      draftId,
      names.map((key, i) => ({ key, size: sizes[i] })),
    );
    for (const name of names) {
      await services.files.setContent(alice, draftId, name, {
        stream: createReadStream(path.join(filesDir, name)),
      });
      await services.files.commit(alice, draftId, name);
    }
  };
  /** Publishes a draft, with a DOI reserved first where the site (or the previous version) requires one. */
  const publishDraft = async (id: string) => {
    const errors = await services.records.publishErrors(alice, id, 'publish');
    if (errors.some((error) => error.field === 'pids.doi')) {
      await services.records.reserveDoi(alice, id);
    }
    return services.records.publish(alice, id);
  };
  const publish = async (body: object, files: string[]) => {
    const draft = await services.records.create(alice, body);
    await upload(draft.row.id, files);
    return publishDraft(draft.row.id);
  };

  await publish(
    base(
      'Soil moisture, Lake Geneva basin 2025',
      'Hourly soil moisture readings from twelve stations.',
    ),
    ['readings.csv', 'station-map.png', 'methods-report.pdf', 'README.txt'],
  );
  await publish(
    {
      ...base(
        'Interview transcripts on farming practice',
        'Anonymised interviews; files on request.',
        'publication-report',
      ),
      access: { record: 'public', files: 'restricted', embargo: { active: false } },
    },
    ['methods-report.pdf', 'README.txt'],
  );
  const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await publish(
    {
      ...base('Glacier melt model outputs', 'Outputs of the melt model for the Rhône glacier.'),
      access: {
        record: 'public',
        files: 'restricted',
        embargo: { active: true, until: inAYear, reason: 'Until the article is published.' },
      },
    },
    ['station-map.png', 'README.txt'],
  );
  const first = await publish(
    base('Lake sediment cores', 'Sediment cores from Lake Neuchâtel, first campaign.'),
    ['readings.csv', 'README.txt'],
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
  // The new version keeps the first version's files (shared, not copied).
  await services.files.importFiles(alice, next.row.id);
  await publishDraft(next.row.id);
  await services.records.create(alice, {
    metadata: {
      title: 'Weather station calibration (work in progress)',
      resource_type: { id: 'dataset' },
    },
  });
}
