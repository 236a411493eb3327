import type { Creatibutor, RecordJson } from '@arca/schema';
import { doiOf, english, landingPage, plainText } from './common.ts';

// BibTeX entries (the classic entry types, with the doi/url/keywords fields
// that biblatex and reference managers read).

const ENTRY_TYPES: Record<string, string> = {
  'publication-article': 'article',
  'publication-datapaper': 'article',
  'publication-book': 'book',
  'publication-section': 'incollection',
  'publication-conferencepaper': 'inproceedings',
  'publication-conferenceproceeding': 'proceedings',
  'publication-thesis': 'phdthesis',
  'publication-dissertation': 'phdthesis',
  'publication-report': 'techreport',
  'publication-deliverable': 'techreport',
  'publication-technicalnote': 'techreport',
  'publication-workingpaper': 'techreport',
  'publication-softwaredocumentation': 'manual',
  'publication-preprint': 'unpublished',
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const TEX_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
};

/** Text safe inside braces: TeX's special characters escaped, so braces stay balanced. */
export function bibtexText(text: string): string {
  return text
    .replace(/[\\^~{}%&$#_]/g, (character) => TEX_ESCAPES[character] ?? `\\${character}`)
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Family, Given"; an organization in braces so that it is not split into names. */
function bibtexName({ person_or_org: who }: Creatibutor): string {
  if (who.type === 'personal' && who.family_name) {
    const family = bibtexText(who.family_name);
    return who.given_name ? `${family}, ${bibtexText(who.given_name)}` : family;
  }
  return `{${bibtexText(who.name ?? '')}}`;
}

/** A citation key of letters, digits and separators: `carberry_2026_tkwvx-4awjd`. */
function citationKey(record: RecordJson): string {
  const first = record.metadata.creators?.[0]?.person_or_org;
  const name = (first?.family_name ?? first?.name ?? '').split(/\s+/)[0] ?? '';
  const year = record.metadata.publication_date?.slice(0, 4) ?? '';
  return [name, year, record.id]
    .map((part) =>
      part
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9-]/g, '')
        .toLowerCase(),
    )
    .filter(Boolean)
    .join('_');
}

/** A record as one BibTeX entry. */
export function bibtex(record: RecordJson): string {
  const { metadata } = record;
  const type = ENTRY_TYPES[metadata.resource_type?.id ?? ''] ?? 'misc';
  const [year, month] = (metadata.publication_date ?? '').split('/')[0]!.split('-');
  const editors = (metadata.contributors ?? []).filter((c) => c.role?.id === 'editor');
  const keywords = (metadata.subjects ?? []).map((subject) => subject.subject).filter(Boolean);
  const isbn = metadata.identifiers?.find((entry) => entry.scheme === 'isbn')?.identifier;
  const fields: [string, string | undefined][] = [
    ['author', (metadata.creators ?? []).map(bibtexName).join(' and ')],
    ['editor', editors.map(bibtexName).join(' and ')],
    ['title', metadata.title && `{${bibtexText(metadata.title)}}`],
    [
      type === 'techreport' || type === 'phdthesis' ? 'institution' : 'publisher',
      metadata.publisher && bibtexText(metadata.publisher),
    ],
    ['year', year],
    ['month', month ? MONTHS[Number(month) - 1] : undefined],
    ['version', metadata.version && bibtexText(metadata.version)],
    ['doi', doiOf(record)],
    ['isbn', isbn],
    ['url', landingPage(record)],
    ['keywords', keywords.length ? bibtexText(keywords.join(', ')) : undefined],
    ['language', metadata.languages?.map((language) => language.id).join(', ')],
    [
      'copyright',
      english(metadata.rights?.[0]?.title) && bibtexText(english(metadata.rights![0]!.title)!),
    ],
    ['abstract', plainText(metadata.description) && bibtexText(plainText(metadata.description))],
    [
      'howpublished',
      type === 'misc' ? bibtexText(english(metadata.resource_type?.title) ?? '') : undefined,
    ],
  ];
  const body = fields
    .filter(([name, value]) => value && !(name === 'month' && !MONTHS.includes(value)))
    .map(([name, value]) =>
      name === 'month' || name === 'year' ? `  ${name} = ${value}` : `  ${name} = {${value}}`,
    );
  return `@${type}{${citationKey(record)},\n${body.join(',\n')}\n}\n`;
}

/** Search results: the entries one after another. */
export function* bibtexList(records: Iterable<RecordJson>): Iterable<string> {
  let separator = '';
  for (const record of records) {
    yield `${separator}${bibtex(record)}`;
    separator = '\n';
  }
}
