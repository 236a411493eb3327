import type { Creatibutor, LocalizedText, RecordJson, SchemeIdentifier } from '@arca/schema';
import { htmlToText } from '../services/html.ts';
import { vocabularyProps } from './vocabulary-props.ts';

// What every export reads the same way from a record view.

/** Plain text of a description's HTML, paragraphs kept apart by blank lines. */
export function plainText(html: string | undefined): string {
  return html ? htmlToText(html).trim() : '';
}

/** The English text of a localized value, or its first one. */
export function english(text: LocalizedText | undefined): string | undefined {
  if (!text) return undefined;
  return text.en ?? Object.values(text)[0];
}

/** "Family, Given" for a person, the name for an organization. */
export function displayName({ person_or_org: who }: Creatibutor): string {
  if (who.type === 'personal' && who.family_name) {
    return who.given_name ? `${who.family_name}, ${who.given_name}` : who.family_name;
  }
  return who.name ?? '';
}

/** The first identifier of a scheme, bare (ROR ids may be stored as URLs). */
export function identifierOf(
  identifiers: SchemeIdentifier[] | undefined,
  scheme: string,
): string | undefined {
  const found = identifiers?.find((identifier) => identifier.scheme === scheme)?.identifier;
  if (found === undefined) return undefined;
  return scheme === 'ror' ? found.replace(/^https?:\/\/ror\.org\//, '') : found;
}

/** A resolvable URL for an identifier, when its scheme has one. */
export function identifierUrl({ scheme, identifier }: SchemeIdentifier): string | undefined {
  if (/^https?:\/\//.test(identifier)) return identifier;
  const prefix = vocabularyProps('identifierschemes', scheme).url_prefix;
  return prefix ? `${prefix}${identifier}` : undefined;
}

/** The year a record was published (the start of an interval). */
export function publicationYear(record: RecordJson): string | undefined {
  return record.metadata.publication_date?.slice(0, 4) || undefined;
}

/** The record's DOI, bare. */
export const doiOf = (record: RecordJson): string | undefined => record.pids.doi?.identifier;

/** The landing page: `self_html`. */
export const landingPage = (record: RecordJson): string => record.links.self_html ?? '';

/** The record's licence URL of a rights entry (standard: its legal code; custom: its link). */
export const rightsUrl = (rights: { link?: string; props?: { url?: string } }) =>
  rights.props?.url ?? rights.link;

/** A value, or nothing to spread: `{...when('key', value)}`. */
export function when<K extends string, V>(
  key: K,
  value: V | undefined | null | '',
): Partial<Record<K, V>> {
  if (value === undefined || value === null || value === '') return {};
  if (Array.isArray(value) && value.length === 0) return {};
  return { [key]: value } as Record<K, V>;
}
