import { describe, expect, it } from 'vitest';
import { withCatalogueTitles, withLanguageNames } from './titles.ts';

const catalogues = new Map([
  [
    'de',
    {
      titles: {
        creatorsroles: { editor: 'Herausgeber' },
        subjects: { 'fos:1': 'Naturwissenschaften' },
      },
    },
  ],
  ['fr', { titles: { creatorsroles: { editor: 'Éditeur' } } }],
]);

describe('withCatalogueTitles', () => {
  it('merges each catalogue title into the entry, contributor roles from the creator roles', () => {
    const [editor] = withCatalogueTitles(
      'contributorsroles',
      [{ id: 'editor', title: { en: 'Editor', de: 'old' }, props: { datacite: 'Editor' } }],
      catalogues,
    );
    expect(editor).toEqual({
      id: 'editor',
      title: { en: 'Editor', de: 'Herausgeber', fr: 'Éditeur' },
      props: { datacite: 'Editor' },
    });
  });

  it('gives subjects a title map that starts from their English text', () => {
    const [subject] = withCatalogueTitles(
      'subjects',
      [{ id: 'fos:1', scheme: 'FOS', subject: 'Natural sciences' }],
      catalogues,
    );
    expect(subject?.title).toEqual({ en: 'Natural sciences', de: 'Naturwissenschaften' });
  });

  it('leaves vocabularies without catalogues alone', () => {
    const items = [{ id: 'cc-by-4.0', title: { en: 'CC BY 4.0' } }];
    expect(withCatalogueTitles('identifierschemes', items, catalogues)).toBe(items);
  });

  it('merges licence titles and descriptions', () => {
    const german = new Map([
      [
        'de',
        {
          titles: {
            licenses: { mit: 'MIT-Lizenz' },
            licensedescriptions: { mit: 'Eine kurze freizügige Lizenz.' },
          },
        },
      ],
    ]);
    const [mit, zlib] = withCatalogueTitles(
      'licenses',
      [
        { id: 'mit', title: { en: 'MIT License' }, description: { en: 'A short licence.' } },
        { id: 'zlib', title: { en: 'zlib License' } },
      ],
      german,
    );
    expect(mit).toMatchObject({
      title: { en: 'MIT License', de: 'MIT-Lizenz' },
      description: { en: 'A short licence.', de: 'Eine kurze freizügige Lizenz.' },
    });
    expect(zlib).toEqual({ id: 'zlib', title: { en: 'zlib License' } });
  });
});

describe('withLanguageNames', () => {
  it('names a language in each locale Intl knows it in, as a title', () => {
    const [german, ghotuo] = withLanguageNames([
      { id: 'deu', title: { en: 'German' } },
      { id: 'aaa', title: { en: 'Ghotuo' } },
    ]);
    expect(german?.title).toMatchObject({
      en: 'German',
      de: 'Deutsch',
      fr: 'Allemand',
      ja: 'ドイツ語',
    });
    expect(ghotuo?.title).toEqual({ en: 'Ghotuo' });
  });
});
