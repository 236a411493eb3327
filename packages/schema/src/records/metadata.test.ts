import { describe, expect, it } from 'vitest';
import { validationMessages as text } from '../messages.ts';
import { errorsOf, withMetadata } from './test-support.ts';

const REQUIRED = 'Missing data for required field.';
const DATE_FORMAT =
  'Please provide a valid date or interval in the format YYYY-MM-DD, YYYY-MM, YYYY, or an interval such as 2020-01/2020-06.';

describe('metadata.resource_type', () => {
  it('is required', () => {
    expect(errorsOf(withMetadata({ resource_type: undefined }))).toEqual({
      'metadata.resource_type': [REQUIRED],
    });
    expect(errorsOf(withMetadata({ resource_type: {} }))).toEqual({
      'metadata.resource_type': [REQUIRED],
    });
  });

  it('is a vocabulary reference {id}', () => {
    expect(errorsOf(withMetadata({ resource_type: 'dataset' }))).toEqual({
      'metadata.resource_type': [text.notAnObject],
    });
    expect(errorsOf(withMetadata({ resource_type: { id: 7 } }))).toEqual({
      'metadata.resource_type.id': [text.notAString],
    });
    expect(
      errorsOf(withMetadata({ resource_type: { id: 'software', title: { en: 'Software' } } })),
    ).toEqual({});
  });
});

describe('metadata.title', () => {
  it('is required', () => {
    expect(errorsOf(withMetadata({ title: undefined }))).toEqual({ 'metadata.title': [REQUIRED] });
    expect(errorsOf(withMetadata({ title: '   ' }))).toEqual({ 'metadata.title': [REQUIRED] });
  });

  it('has at least 3 characters', () => {
    expect(errorsOf(withMetadata({ title: 'ab' }))).toEqual({
      'metadata.title': ['Shorter than minimum length 3.'],
    });
    expect(errorsOf(withMetadata({ title: 'abc' }))).toEqual({});
  });

  it('is a string', () => {
    expect(errorsOf(withMetadata({ title: 2025 }))).toEqual({
      'metadata.title': [text.notAString],
    });
  });
});

describe('metadata.additional_titles', () => {
  it('needs a title and a type in each row', () => {
    expect(errorsOf(withMetadata({ additional_titles: [{ lang: { id: 'fra' } }] }))).toEqual({
      'metadata.additional_titles.0.title': [REQUIRED],
      'metadata.additional_titles.0.type': [REQUIRED],
    });
  });

  it('takes an optional language {id}', () => {
    const row = { title: 'Sous-titre', type: { id: 'subtitle' } };
    expect(errorsOf(withMetadata({ additional_titles: [row, { ...row, lang: 'fr' }] }))).toEqual({
      'metadata.additional_titles.1.lang': [text.notAnObject],
    });
    expect(
      errorsOf(withMetadata({ additional_titles: [row, { ...row, lang: { id: 'fra' } }] })),
    ).toEqual({});
  });

  it('is a list', () => {
    expect(errorsOf(withMetadata({ additional_titles: { title: 'x' } }))).toEqual({
      'metadata.additional_titles': [text.notAList],
    });
  });
});

describe('metadata.publication_date', () => {
  it('is required', () => {
    expect(errorsOf(withMetadata({ publication_date: undefined }))).toEqual({
      'metadata.publication_date': [REQUIRED],
    });
  });

  it.each(['2023-02-30', '2023-13', '10/01/2026', '2026-1-10', '2020-06/2020-01', 'soon'])(
    'refuses %j with the format hint',
    (date) => {
      expect(errorsOf(withMetadata({ publication_date: date }))).toEqual({
        'metadata.publication_date': [DATE_FORMAT],
      });
    },
  );

  it.each(['2023', '2023-02', '2024-02-29', '2020-01/2020-06'])('accepts %j', (date) => {
    expect(errorsOf(withMetadata({ publication_date: date }))).toEqual({});
  });
});

describe('metadata.description', () => {
  it('is an optional string', () => {
    expect(errorsOf(withMetadata({ description: ['x'] }))).toEqual({
      'metadata.description': [text.notAString],
    });
    expect(errorsOf(withMetadata({ description: '<p>Readings</p>' }))).toEqual({});
  });
});

describe('metadata.additional_descriptions', () => {
  it('needs a description and a type in each row', () => {
    expect(errorsOf(withMetadata({ additional_descriptions: [{ lang: { id: 'eng' } }] }))).toEqual({
      'metadata.additional_descriptions.0.description': [REQUIRED],
      'metadata.additional_descriptions.0.type': [REQUIRED],
    });
    const row = { description: '<p>How</p>', type: { id: 'methods' } };
    expect(errorsOf(withMetadata({ additional_descriptions: [row] }))).toEqual({});
  });
});

describe('metadata.dates', () => {
  it('needs a date and a type in each row', () => {
    expect(errorsOf(withMetadata({ dates: [{ description: 'Field season' }] }))).toEqual({
      'metadata.dates.0.date': [REQUIRED],
      'metadata.dates.0.type': [REQUIRED],
    });
  });

  it('takes DATE or DATE/DATE', () => {
    const type = { id: 'collected' };
    expect(
      errorsOf(
        withMetadata({
          dates: [
            { date: '2020-01-01', type },
            { date: '2020-14', type },
          ],
        }),
      ),
    ).toEqual({
      'metadata.dates.1.date': [DATE_FORMAT],
    });
    expect(
      errorsOf(withMetadata({ dates: [{ date: '2025-03/2025-10', type, description: 'Season' }] })),
    ).toEqual({});
  });

  it('takes an optional string description', () => {
    expect(
      errorsOf(
        withMetadata({ dates: [{ date: '2020', type: { id: 'created' }, description: 1 }] }),
      ),
    ).toEqual({
      'metadata.dates.0.description': [text.notAString],
    });
  });
});

describe('metadata.languages', () => {
  it('is a list of {id}', () => {
    expect(errorsOf(withMetadata({ languages: [{ id: 'eng' }, 'fra', {}] }))).toEqual({
      'metadata.languages.1': [text.notAnObject],
      'metadata.languages.2': [REQUIRED],
    });
    expect(errorsOf(withMetadata({ languages: [{ id: 'eng' }] }))).toEqual({});
  });
});

describe('metadata.identifiers', () => {
  it('needs an identifier and a scheme', () => {
    expect(errorsOf(withMetadata({ identifiers: [{}] }))).toEqual({
      'metadata.identifiers.0.identifier': [REQUIRED],
      'metadata.identifiers.0.scheme': [REQUIRED],
    });
  });

  it('checks the identifier against its scheme', () => {
    expect(
      errorsOf(withMetadata({ identifiers: [{ scheme: 'doi', identifier: 'zenodo.1234' }] })),
    ).toEqual({
      'metadata.identifiers.0.identifier': [text.invalidIdentifier],
    });
    expect(
      errorsOf(
        withMetadata({ identifiers: [{ scheme: 'doi', identifier: 'https://doi.org/10.1/x' }] }),
      ),
    ).toEqual({});
  });

  it('refuses schemes that are not allowed for a record', () => {
    expect(
      errorsOf(withMetadata({ identifiers: [{ scheme: 'catalogue', identifier: 'C-42' }] })),
    ).toEqual({ 'metadata.identifiers.0.scheme': [text.invalidScheme] });
  });
});

describe('metadata.related_identifiers', () => {
  it('needs a relation, an identifier and a scheme', () => {
    expect(
      errorsOf(withMetadata({ related_identifiers: [{ resource_type: { id: 'dataset' } }] })),
    ).toEqual({
      'metadata.related_identifiers.0.identifier': [REQUIRED],
      'metadata.related_identifiers.0.scheme': [REQUIRED],
      'metadata.related_identifiers.0.relation_type': [REQUIRED],
    });
  });

  it('checks the identifier and the optional resource type', () => {
    const row = { identifier: '978-3-16-148410-0', scheme: 'isbn', relation_type: { id: 'cites' } };
    expect(
      errorsOf(
        withMetadata({
          related_identifiers: [
            row,
            { ...row, identifier: '978-3-16-148410-9', resource_type: 'x' },
          ],
        }),
      ),
    ).toEqual({
      'metadata.related_identifiers.1.identifier': [text.invalidIdentifier],
      'metadata.related_identifiers.1.resource_type': [text.notAnObject],
    });
    expect(
      errorsOf(
        withMetadata({
          related_identifiers: [{ ...row, resource_type: { id: 'publication-book' } }],
        }),
      ),
    ).toEqual({});
  });
});

describe('metadata.references', () => {
  it('needs the reference string', () => {
    expect(errorsOf(withMetadata({ references: [{ reference: '' }] }))).toEqual({
      'metadata.references.0.reference': [REQUIRED],
    });
    expect(errorsOf(withMetadata({ references: [{ reference: 'Doe, J. (2024).' }] }))).toEqual({});
  });
});

describe('metadata.subjects', () => {
  it('needs an id or a free subject', () => {
    expect(errorsOf(withMetadata({ subjects: [{ subject: ' ' }, { scheme: 'FOS' }] }))).toEqual({
      'metadata.subjects.0': [text.subjectIdOrText],
      'metadata.subjects.1': [text.subjectIdOrText],
    });
    expect(
      errorsOf(withMetadata({ subjects: [{ id: 'fos:1.5' }, { subject: 'hydrology' }] })),
    ).toEqual({});
  });
});

describe('metadata.funding', () => {
  it('needs a funder with an id or a name', () => {
    expect(
      errorsOf(withMetadata({ funding: [{ award: { id: '00k4n6c32::643410' } }, { funder: {} }] })),
    ).toEqual({
      'metadata.funding.0.funder': [REQUIRED],
      'metadata.funding.1.funder': [text.funderIdOrName],
    });
  });

  it('takes an award from the vocabulary, or a custom one with a title', () => {
    expect(
      errorsOf(
        withMetadata({ funding: [{ funder: { name: 'Foundation' }, award: { number: '7' } }] }),
      ),
    ).toEqual({
      'metadata.funding.0.award.title': ['Title is a required field.'],
    });
    expect(
      errorsOf(
        withMetadata({
          funding: [
            { funder: { id: '00k4n6c32' }, award: { id: '00k4n6c32::643410' } },
            { funder: { name: 'Foundation' }, award: { title: { en: 'Network' }, number: '7' } },
            { funder: { name: 'Foundation' } },
          ],
        }),
      ),
    ).toEqual({});
  });
});

describe('metadata.rights', () => {
  it('takes a standard licence by id', () => {
    expect(errorsOf(withMetadata({ rights: [{ id: 'cc-by-4.0' }] }))).toEqual({});
  });

  it('needs a title for a custom licence', () => {
    expect(
      errorsOf(withMetadata({ rights: [{ description: { en: 'Terms' } }, { title: { en: '' } }] })),
    ).toEqual({
      'metadata.rights.0.title': ['Title is a required field.'],
      'metadata.rights.1.title': ['Title is a required field.'],
    });
  });

  it('needs a valid URL as the link of a custom licence', () => {
    expect(
      errorsOf(
        withMetadata({
          rights: [
            { title: { en: 'Terms' }, link: 'terms.html' },
            { title: 'Terms', link: 'ftp://x.org/t' },
          ],
        }),
      ),
    ).toEqual({
      'metadata.rights.0.link': ['Link must be a valid URL'],
      'metadata.rights.1.link': ['Link must be a valid URL'],
    });
    expect(
      errorsOf(
        withMetadata({
          rights: [
            { title: 'Terms', description: 'Use freely', link: 'https://example.org/terms' },
          ],
        }),
      ),
    ).toEqual({});
  });
});

describe('the other metadata fields', () => {
  it('takes publisher and version as strings', () => {
    expect(errorsOf(withMetadata({ publisher: 1, version: true }))).toEqual({
      'metadata.publisher': [text.notAString],
      'metadata.version': [text.notAString],
    });
    expect(errorsOf(withMetadata({ publisher: 'Arca', version: 'v2' }))).toEqual({});
  });

  it('takes sizes and formats as lists of strings', () => {
    expect(errorsOf(withMetadata({ sizes: ['1 MB', 3], formats: 'text/csv' }))).toEqual({
      'metadata.sizes.1': [text.notAString],
      'metadata.formats': [text.notAList],
    });
    expect(errorsOf(withMetadata({ sizes: ['1 MB'], formats: ['text/csv'] }))).toEqual({});
  });

  it('checks locations and leaves unknown keys to the strict check', () => {
    expect(
      errorsOf(withMetadata({ locations: 'Geneva', colour: 5, notes: { any: 'thing' } })),
    ).toEqual({ 'metadata.locations': [text.notAnObject] });
  });
});
