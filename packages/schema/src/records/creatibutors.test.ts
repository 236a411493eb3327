import { describe, expect, it } from 'vitest';
import { validationMessages as text } from '../messages.ts';
import { errorsOf, withMetadata } from './test-support.ts';

const REQUIRED = 'Missing data for required field.';
const person = { type: 'personal', given_name: 'Jane', family_name: 'Doe' };
const organisation = { type: 'organizational', name: 'CERN' };
const creators = (...entries: unknown[]) => withMetadata({ creators: entries });

describe('metadata.creators', () => {
  it('needs at least one creator', () => {
    expect(errorsOf(withMetadata({ creators: undefined }))).toEqual({
      'metadata.creators': [REQUIRED],
    });
    expect(errorsOf(withMetadata({ creators: [] }))).toEqual({ 'metadata.creators': [REQUIRED] });
    expect(errorsOf(withMetadata({ creators: 'Doe' }))).toEqual({
      'metadata.creators': [text.notAList],
    });
  });

  it('needs a person or organisation in each', () => {
    expect(errorsOf(creators({ role: { id: 'editor' } }, 'Doe'))).toEqual({
      'metadata.creators.0.person_or_org': [REQUIRED],
      'metadata.creators.1': [text.notAnObject],
    });
  });

  it('is personal or organizational', () => {
    expect(
      errorsOf(
        creators(
          { person_or_org: { type: 'robot', name: 'R2' } },
          { person_or_org: { name: 'X' } },
        ),
      ),
    ).toEqual({
      'metadata.creators.0.person_or_org.type': ['Must be one of: personal, organizational.'],
      'metadata.creators.1.person_or_org.type': ['Must be one of: personal, organizational.'],
    });
  });

  it('needs a family name for a person', () => {
    expect(errorsOf(creators({ person_or_org: { type: 'personal', given_name: 'Jane' } }))).toEqual(
      {
        'metadata.creators.0.person_or_org.family_name': ['Family name is a required field.'],
      },
    );
    expect(errorsOf(creators({ person_or_org: { ...person, family_name: '' } }))).toEqual({
      'metadata.creators.0.person_or_org.family_name': ['Family name is a required field.'],
    });
    expect(errorsOf(creators({ person_or_org: { type: 'personal', family_name: 'Doe' } }))).toEqual(
      {},
    );
  });

  it('needs a name for an organisation', () => {
    expect(
      errorsOf(creators({ person_or_org: { type: 'organizational', family_name: 'CERN' } })),
    ).toEqual({
      'metadata.creators.0.person_or_org.name': ['Name is a required field.'],
    });
    expect(errorsOf(creators({ person_or_org: organisation }))).toEqual({});
  });

  it('takes an optional role that may be cleared', () => {
    expect(
      errorsOf(
        creators({ person_or_org: person, role: null }, { person_or_org: person, role: {} }),
      ),
    ).toEqual({});
    expect(errorsOf(creators({ person_or_org: person, role: { id: 'editor' } }))).toEqual({});
    expect(errorsOf(creators({ person_or_org: person, role: 'editor' }))).toEqual({
      'metadata.creators.0.role': [text.notAnObject],
    });
  });

  it('needs an id or a name in each affiliation', () => {
    expect(
      errorsOf(
        creators({ person_or_org: person, affiliations: [{ id: '01ggx4157' }, {}, { name: 42 }] }),
      ),
    ).toEqual({
      'metadata.creators.0.affiliations.1': [text.affiliationIdOrName],
      'metadata.creators.0.affiliations.2.name': [text.notAString],
      'metadata.creators.0.affiliations.2': [text.affiliationIdOrName],
    });
    expect(
      errorsOf(
        creators({ person_or_org: person, affiliations: [{ id: '01ggx4157' }, { name: 'Lab' }] }),
      ),
    ).toEqual({});
  });
});

describe('identifiers of people and organisations', () => {
  const withIds = (who: object, ...identifiers: unknown[]) =>
    creators({ person_or_org: { ...who, identifiers } });

  it('accepts valid ORCID, ISNI and GND for a person, with resolver URLs', () => {
    expect(
      errorsOf(
        withIds(
          person,
          { scheme: 'orcid', identifier: 'https://orcid.org/0000-0002-1825-0097' },
          { scheme: 'isni', identifier: '0000 0001 2146 438X' },
          { scheme: 'gnd', identifier: '118540238' },
        ),
      ),
    ).toEqual({});
  });

  it('accepts valid ROR, ISNI and GND for an organisation', () => {
    expect(
      errorsOf(
        withIds(
          organisation,
          { scheme: 'ror', identifier: 'https://ror.org/01ggx4157' },
          { scheme: 'isni', identifier: '000000012146438X' },
          { scheme: 'gnd', identifier: '2007744-0' },
        ),
      ),
    ).toEqual({});
  });

  it('refuses an identifier that is not valid for its scheme', () => {
    expect(
      errorsOf(withIds(person, { scheme: 'orcid', identifier: '0000-0002-1825-0098' })),
    ).toEqual({
      'metadata.creators.0.person_or_org.identifiers.0.identifier': [text.invalidIdentifier],
    });
    expect(errorsOf(withIds(organisation, { scheme: 'ror', identifier: '01ggx4158' }))).toEqual({
      'metadata.creators.0.person_or_org.identifiers.0.identifier': [text.invalidIdentifier],
    });
  });

  it('refuses schemes that do not fit the type, and unknown schemes', () => {
    expect(
      errorsOf(
        withIds(
          person,
          { scheme: 'ror', identifier: '01ggx4157' },
          { scheme: 'twitter', identifier: '@jane' },
        ),
      ),
    ).toEqual({
      'metadata.creators.0.person_or_org.identifiers.0.scheme': [
        'Must be one of: orcid, isni, gnd.',
      ],
      'metadata.creators.0.person_or_org.identifiers.1.scheme': [
        'Must be one of: orcid, isni, gnd.',
      ],
    });
    expect(
      errorsOf(withIds(organisation, { scheme: 'orcid', identifier: '0000-0002-1825-0097' })),
    ).toEqual({
      'metadata.creators.0.person_or_org.identifiers.0.scheme': ['Must be one of: ror, isni, gnd.'],
    });
  });

  it('refuses two identifiers of the same scheme', () => {
    const orcid = { scheme: 'orcid', identifier: '0000-0002-1825-0097' };
    expect(
      errorsOf(
        withIds(person, orcid, { scheme: 'isni', identifier: '0000 0001 2146 438X' }, orcid),
      ),
    ).toEqual({
      'metadata.creators.0.person_or_org.identifiers.2.scheme': [text.duplicateScheme],
    });
  });

  it('needs a scheme and an identifier', () => {
    expect(errorsOf(withIds(person, { identifier: '' }))).toEqual({
      'metadata.creators.0.person_or_org.identifiers.0.scheme': [REQUIRED],
      'metadata.creators.0.person_or_org.identifiers.0.identifier': [REQUIRED],
    });
  });
});

describe('metadata.contributors', () => {
  it('needs a role', () => {
    expect(
      errorsOf(
        withMetadata({
          contributors: [{ person_or_org: person }, { person_or_org: person, role: {} }],
        }),
      ),
    ).toEqual({
      'metadata.contributors.0.role': ['Role is a required field.'],
      'metadata.contributors.1.role': ['Role is a required field.'],
    });
    expect(
      errorsOf(withMetadata({ contributors: [{ person_or_org: person, role: { id: 'editor' } }] })),
    ).toEqual({});
  });

  it('follows the creators’ rules for names, identifiers and affiliations', () => {
    const contributor = {
      person_or_org: {
        type: 'personal',
        identifiers: [{ scheme: 'ror', identifier: '01ggx4157' }],
      },
      role: { id: 'editor' },
      affiliations: [{}],
    };
    expect(errorsOf(withMetadata({ contributors: [contributor] }))).toEqual({
      'metadata.contributors.0.person_or_org.family_name': ['Family name is a required field.'],
      'metadata.contributors.0.person_or_org.identifiers.0.scheme': [
        'Must be one of: orcid, isni, gnd.',
      ],
      'metadata.contributors.0.affiliations.0': [text.affiliationIdOrName],
    });
  });

  it('is optional', () => {
    expect(errorsOf(withMetadata({ contributors: [] }))).toEqual({});
  });
});
