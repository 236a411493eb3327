import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidOrcid } from '@arca/schema';
import {
  buildLanguages,
  buildLicenses,
  dataDir,
  serialize,
} from '../../scripts/build-vocabularies.ts';
import { ALL_TYPES } from './types.ts';

interface Item {
  id: string;
  title?: Record<string, string>;
  name?: string;
  subject?: string;
  tags?: string[];
  props?: Record<string, string>;
  identifiers?: { scheme: string; identifier: string }[];
  funder?: { id: string };
  affiliations?: { id?: string; name: string }[];
}

const text = (type: string) => readFileSync(new URL(`${type}.json`, dataDir), 'utf8');
const load = (type: string) => JSON.parse(text(type)) as Item[];
const byId = (type: string) => new Map(load(type).map((item) => [item.id, item]));

const ROR = /^0[a-z0-9]{6}\d{2}$/;
const RECOMMENDED = [
  'apache-2.0',
  'cc-by-4.0',
  'cc-by-sa-4.0',
  'cc0-1.0',
  'gpl-3.0-or-later',
  'mit',
];

describe.each(ALL_TYPES)('%s.json', (type) => {
  const items = load(type);

  it('is a non-empty array with unique ids', () => {
    expect(Array.isArray(items)).toBe(true);
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it('gives every item an English label', () => {
    for (const item of items) {
      const label = item.name ?? item.subject ?? item.title?.en;
      expect(label, item.id).toMatch(/\S/);
    }
  });
});

describe('licenses', () => {
  const licenses = byId('licenses');

  it('tags exactly the six recommended licences and every licence with all', () => {
    const recommended = [...licenses.values()].filter((l) => l.tags?.includes('recommended'));
    expect(recommended.map((l) => l.id).sort()).toEqual(RECOMMENDED);
    for (const license of licenses.values()) expect(license.tags).toContain('all');
  });

  it('classifies and links the common ones', () => {
    const ccBy = licenses.get('cc-by-4.0');
    expect(ccBy?.tags).toContain('data');
    expect(ccBy?.props?.url).toBe('https://creativecommons.org/licenses/by/4.0/legalcode');
    expect(licenses.get('mit')?.tags).toContain('software');
    for (const id of RECOMMENDED) expect(licenses.get(id)?.title, id).toBeDefined();
  });
});

describe('languages', () => {
  it('has English', () => {
    expect(byId('languages').get('eng')?.title?.en).toBe('English');
  });
});

describe('resourcetypes', () => {
  const types = byId('resourcetypes');

  it.each(['dataset', 'software', 'publication-article', 'publication-preprint', 'image-photo'])(
    'offers %s for deposit',
    (id) => {
      expect(types.get(id)?.tags).toContain('depositable');
    },
  );

  it('has German and French titles everywhere', () => {
    for (const type of types.values()) {
      expect(type.title?.de, type.id).toMatch(/\S/);
      expect(type.title?.fr, type.id).toMatch(/\S/);
    }
  });
});

describe('organisations', () => {
  const affiliations = byId('affiliations');
  const funders = byId('funders');

  it('uses well-formed ROR ids', () => {
    for (const org of [...affiliations.values(), ...funders.values()]) {
      expect(org.id).toMatch(ROR);
      expect(org.identifiers).toContainEqual({ scheme: 'ror', identifier: org.id });
    }
    expect(affiliations.has('01ggx4157')).toBe(true);
  });

  it('refers from awards to known funders', () => {
    for (const award of load('awards')) {
      expect(funders.has(award.funder?.id ?? ''), award.id).toBe(true);
      expect(award.id.startsWith(`${award.funder?.id}::`)).toBe(true);
    }
  });
});

describe('names', () => {
  it('uses valid ORCID iDs and known affiliations', () => {
    const affiliations = byId('affiliations');
    for (const person of load('names')) {
      for (const { scheme, identifier } of person.identifiers ?? []) {
        if (scheme === 'orcid') expect(isValidOrcid(identifier), identifier).toBe(true);
      }
      for (const { id } of person.affiliations ?? []) {
        if (id) expect(affiliations.has(id), id).toBe(true);
      }
    }
  });
});

// The two package-derived files must be what the build script produces now.
describe('generated files', () => {
  it('match the build script output', () => {
    expect(text('licenses')).toBe(serialize(buildLicenses()));
    expect(text('languages')).toBe(serialize(buildLanguages()));
  });
});
