// The two canonical draft bodies (STYLE.md §9). Both are valid; every
// vocabulary id exists in packages/server/src/vocabularies/data.
import type { RecordInput } from './types.ts';

/** Only what publishing requires, and no files. */
export const minimalRecord = {
  metadata: {
    resource_type: { id: 'dataset' },
    title: 'Soil moisture, Lake Geneva basin 2025',
    publication_date: '2026-01-10',
    creators: [{ person_or_org: { type: 'personal', given_name: 'Jane', family_name: 'Doe' } }],
  },
  files: { enabled: false },
} satisfies RecordInput;

/** Every metadata field filled in, restricted files under embargo, an external DOI. */
export const fullRecord = {
  metadata: {
    resource_type: { id: 'dataset' },
    title: 'Soil moisture, Lake Geneva basin 2025',
    additional_titles: [
      { title: 'Lake Geneva soil moisture', type: { id: 'alternative-title' } },
      {
        title: 'Humidité du sol, bassin lémanique 2025',
        type: { id: 'translated-title' },
        lang: { id: 'fra' },
      },
    ],
    publication_date: '2026-01-10',
    creators: [
      {
        person_or_org: {
          type: 'personal',
          given_name: 'Josiah',
          family_name: 'Carberry',
          identifiers: [{ scheme: 'orcid', identifier: '0000-0002-1825-0097' }],
        },
        role: { id: 'datacollector' },
        affiliations: [{ id: '01ggx4157' }, { name: 'Lake Research Station' }],
      },
      {
        person_or_org: {
          type: 'organizational',
          name: 'European Organization for Nuclear Research',
          identifiers: [{ scheme: 'ror', identifier: '01ggx4157' }],
        },
      },
    ],
    contributors: [
      {
        person_or_org: { type: 'personal', given_name: 'Joe', family_name: 'Bloggs' },
        role: { id: 'datacurator' },
        affiliations: [{ id: '05a28rw58' }],
      },
      {
        person_or_org: {
          type: 'organizational',
          name: 'University of Geneva',
          identifiers: [{ scheme: 'ror', identifier: 'https://ror.org/01swzsf04' }],
        },
        role: { id: 'hostinginstitution' },
      },
    ],
    description: '<p>Hourly soil moisture readings from 40 stations.</p>',
    additional_descriptions: [
      {
        description: '<p>Capacitance probes at 10 cm depth, calibrated monthly.</p>',
        type: { id: 'methods' },
        lang: { id: 'eng' },
      },
    ],
    dates: [
      { date: '2025-03/2025-10', type: { id: 'collected' }, description: 'Field season' },
      { date: '2026-01-09', type: { id: 'created' } },
    ],
    languages: [{ id: 'eng' }, { id: 'fra' }],
    identifiers: [
      { scheme: 'url', identifier: 'https://lake.example.org/datasets/42' },
      { scheme: 'handle', identifier: '20.500.12345/42' },
    ],
    related_identifiers: [
      {
        identifier: '10.5281/zenodo.1234',
        scheme: 'doi',
        relation_type: { id: 'issupplementto' },
        resource_type: { id: 'publication-article' },
      },
      { identifier: 'arXiv:2101.00001', scheme: 'arxiv', relation_type: { id: 'isdescribedby' } },
    ],
    references: [
      {
        reference: 'Doe, J. (2024). Soil moisture in alpine lakes. Journal of Hydrology, 12, 1–10.',
      },
    ],
    subjects: [{ id: 'fos:1.5' }, { subject: 'hydrology' }],
    funding: [
      { funder: { id: '00k4n6c32' }, award: { id: '00k4n6c32::643410' } },
      {
        funder: { name: 'Lake Geneva Foundation' },
        award: { title: { en: 'Soil moisture network' }, number: 'LGF-2025-7' },
      },
    ],
    rights: [
      { id: 'cc-by-4.0' },
      {
        title: { en: 'Lake station data licence' },
        description: { en: 'Free for research; cite the station network.' },
        link: 'https://lake.example.org/licence',
      },
    ],
    publisher: 'Arca',
    version: 'v1.0.0',
    sizes: ['40 files', '1 GB'],
    formats: ['text/csv'],
  },
  access: {
    record: 'public',
    files: 'restricted',
    embargo: { active: true, until: '2099-12-31', reason: 'Until the article is published.' },
  },
  files: { enabled: true },
  pids: { doi: { identifier: '10.5281/zenodo.1234567', provider: 'external' } },
  custom_fields: {},
} satisfies RecordInput;
