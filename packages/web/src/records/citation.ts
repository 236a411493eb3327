import type { RecordJson } from '@arca/schema';
import { creatorName } from './format.ts';

/** Where the record can be cited from: its DOI when it has one, else its page. */
export function citationUrl(record: RecordJson): string {
  const doi = record.pids.doi?.identifier;
  return doi ? `https://doi.org/${doi}` : (record.links.self_html ?? '');
}

function year(record: RecordJson): string {
  return (record.metadata.publication_date ?? record.created).slice(0, 4);
}

/** A DataCite-style citation: "Creators (Year). Title (Version). Publisher. Link". */
export function formatCitation(record: RecordJson, resourceType: string | undefined): string {
  const { metadata } = record;
  const creators = (metadata.creators ?? []).map(creatorName).join('; ');
  const version = metadata.version ? ` (${metadata.version})` : '';
  const type = resourceType ? ` [${resourceType}]` : '';
  const publisher = metadata.publisher ? ` ${metadata.publisher}.` : '';
  return `${creators} (${year(record)}). ${metadata.title ?? ''}${version}${type}.${publisher} ${citationUrl(record)}`;
}

/** BibTeX escapes braces and backslashes; the rest passes through. */
const bibtexValue = (text: string) => text.replace(/[\\{}]/g, (c) => `\\${c}`);

export function toBibtex(record: RecordJson): string {
  const { metadata } = record;
  const fields: [string, string | undefined][] = [
    ['author', (metadata.creators ?? []).map(creatorName).join(' and ')],
    ['title', metadata.title],
    ['year', year(record)],
    ['publisher', metadata.publisher],
    ['version', metadata.version],
    ['doi', record.pids.doi?.identifier],
    ['url', citationUrl(record)],
  ];
  const body = fields
    .filter((field): field is [string, string] => Boolean(field[1]))
    .map(([key, value]) => `  ${key} = {${bibtexValue(value)}}`)
    .join(',\n');
  const entryType = metadata.resource_type?.id === 'software' ? 'software' : 'misc';
  return `@${entryType}{${record.id},\n${body}\n}\n`;
}

/** CSL JSON, the input of citation managers (Zotero, Mendeley). */
export function toCslJson(record: RecordJson): string {
  const { metadata } = record;
  const item = {
    id: record.id,
    type: metadata.resource_type?.id === 'software' ? 'software' : 'dataset',
    title: metadata.title,
    author: (metadata.creators ?? []).map(({ person_or_org: who }) =>
      who.type === 'personal' && who.family_name
        ? { family: who.family_name, given: who.given_name }
        : { literal: who.name ?? '' },
    ),
    issued: { 'date-parts': [(metadata.publication_date ?? '').split('-').map(Number)] },
    publisher: metadata.publisher,
    version: metadata.version,
    DOI: record.pids.doi?.identifier,
    URL: citationUrl(record),
  };
  return `${JSON.stringify([item], null, 2)}\n`;
}
