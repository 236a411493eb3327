import type { Creatibutor, RecordJson } from '@arca/schema';
import { doiOf, english, landingPage, plainText, when } from './common.ts';
import { vocabularyProps } from './vocabulary-props.ts';

// CSL JSON (CSL 1.0.2 data schema): what reference managers and citeproc read.

export interface CslName {
  family?: string;
  given?: string;
  literal?: string;
}

export interface CslItem {
  id: string;
  type: string;
  title: string;
  [variable: string]: unknown;
}

function cslName({ person_or_org: who }: Creatibutor): CslName {
  if (who.type === 'personal' && who.family_name) {
    return { family: who.family_name, ...when('given', who.given_name) };
  }
  return { literal: who.name ?? who.family_name ?? '' };
}

/** `2024-05-12` as CSL date parts; an interval as two. */
function cslDate(date: string | undefined) {
  if (!date) return undefined;
  const parts = date
    .split('/')
    .map((end) => end.split('-').map((part) => Number(part)))
    .filter((part) => part.every(Number.isFinite));
  return parts.length ? { 'date-parts': parts } : undefined;
}

const hasRole = (role: string) => (contributor: Creatibutor) => contributor.role?.id === role;

/** A record as one CSL JSON item. */
export function cslItem(record: RecordJson): CslItem {
  const { metadata } = record;
  const contributors = metadata.contributors ?? [];
  const isbn = metadata.identifiers?.find((entry) => entry.scheme === 'isbn')?.identifier;
  const issn = metadata.identifiers?.find((entry) => entry.scheme === 'issn')?.identifier;
  const keywords = (metadata.subjects ?? []).map((subject) => subject.subject).filter(Boolean);
  const abstract = plainText(metadata.description);
  return {
    id: record.id,
    type: vocabularyProps('resourcetypes', metadata.resource_type?.id).csl || 'document',
    title: metadata.title ?? '',
    ...when('author', (metadata.creators ?? []).map(cslName)),
    ...when('editor', contributors.filter(hasRole('editor')).map(cslName)),
    ...when('translator', contributors.filter(hasRole('translator')).map(cslName)),
    ...when('issued', cslDate(metadata.publication_date)),
    ...when('abstract', abstract),
    ...when('DOI', doiOf(record)),
    ...when('ISBN', isbn),
    ...when('ISSN', issn),
    ...when('publisher', metadata.publisher),
    ...when('version', metadata.version),
    ...when('language', metadata.languages?.[0]?.id),
    ...when('keyword', keywords.join(', ')),
    ...when('license', english(metadata.rights?.[0]?.title)),
    ...when('dimensions', metadata.sizes?.join(', ')),
    ...when('medium', metadata.formats?.join(', ')),
    ...when('genre', english(metadata.resource_type?.title)),
    URL: landingPage(record),
  };
}

/**
 * The record cited for all its versions ("Cite all versions"): the concept DOI
 * that resolves to the latest version, and no version number; the record
 * itself when its parent has no DOI.
 */
export function conceptCslItem(record: RecordJson): CslItem {
  const item = cslItem(record);
  const concept = (record.parent.pids?.doi as { identifier?: string } | undefined)?.identifier;
  if (!concept) return item;
  const { version: _version, ...rest } = item;
  return { ...rest, id: record.parent.id, DOI: concept, URL: `https://doi.org/${concept}` };
}
