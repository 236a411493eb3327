import type { FieldError } from '@arca/schema';
import type { VocabularyService } from '../vocabularies.service.ts';
import { DomainError, pidNotFound, validationFailed } from '../errors.ts';
import type { RecordDocument } from './document.ts';
import type { RecordRow } from './repository.ts';

export const DELETED = 'D';
export const PUBLISHED = 'P';
export const REMOVAL_REASONS = 'removalreasons';

/** What a deletion says about itself, as InvenioRDM's tombstone dumps it. */
export interface Tombstone {
  removal_reason: { id: string };
  note: string;
  /** The user who deleted it, or `system`. */
  removed_by: { user: string };
  removal_date: string;
  citation_text: string;
  /** An invisible tombstone answers as if the record never existed (404). */
  is_visible: boolean;
}

/** What an admin's deletion (or an owner's request) gives. */
export interface TombstoneInput {
  removal_reason: { id: string };
  note: string;
  citation_text?: string | undefined;
  is_visible: boolean;
}

/** A deleted record's answer: 410 with its tombstone, or 404 when the tombstone is hidden. */
export function recordGone(row: Pick<RecordRow, 'tombstone'>): DomainError {
  const tombstone = row.tombstone as Tombstone | null;
  if (tombstone && !tombstone.is_visible) return pidNotFound();
  return new DomainError('gone', 'recordDeleted', { extra: { tombstone } });
}

export const isDeleted = (row: Pick<RecordRow, 'deletionStatus'>) => row.deletionStatus === DELETED;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/**
 * The tombstone fields of a request body: a reason from the removal reasons
 * vocabulary, and optional note, citation and visibility. Wrong input: 400 naming the field.
 */
export async function tombstoneInput(
  vocabularies: Pick<VocabularyService, 'findMany'>,
  body: Record<string, unknown>,
): Promise<TombstoneInput> {
  const errors: FieldError[] = [];
  const reason = body.removal_reason;
  const reasonId =
    typeof reason === 'string'
      ? reason
      : typeof reason === 'object' && reason !== null
        ? text((reason as { id?: unknown }).id)
        : undefined;
  if (!reasonId) {
    errors.push({ field: 'removal_reason', messages: ['required'] });
  } else {
    const found = await vocabularies.findMany([{ type: REMOVAL_REASONS, id: reasonId }]);
    if (found.size === 0)
      errors.push({ field: 'removal_reason.id', messages: ['unknownVocabularyValue'] });
  }
  const note = body.note ?? '';
  if (typeof note !== 'string') errors.push({ field: 'note', messages: ['invalid'] });
  else if (note.length > 1000) errors.push({ field: 'note', messages: ['longerThan1000'] });
  const citation = body.citation_text;
  if (citation !== undefined && citation !== null && typeof citation !== 'string')
    errors.push({ field: 'citation_text', messages: ['invalid'] });
  else if (typeof citation === 'string' && citation.length > 100_000)
    errors.push({ field: 'citation_text', messages: ['longerThan100000'] });
  const visible = body.is_visible ?? true;
  if (typeof visible !== 'boolean') errors.push({ field: 'is_visible', messages: ['invalid'] });
  if (errors.length > 0) throw validationFailed(errors);
  return {
    removal_reason: { id: reasonId! },
    note: (note as string).trim(),
    citation_text: text(citation) || undefined,
    is_visible: visible as boolean,
  };
}

/** The record's citation as the tombstone keeps it: creators (year). Title. Publisher. DOI. */
export function citationOf(document: RecordDocument, url: string): string {
  const metadata = document.metadata as {
    title?: string;
    publication_date?: string;
    publisher?: string;
    version?: string;
    creators?: { person_or_org?: { name?: string; family_name?: string; given_name?: string } }[];
  };
  const names = (metadata.creators ?? [])
    .map(({ person_or_org: person = {} }) =>
      person.family_name
        ? [person.family_name, person.given_name].filter(Boolean).join(', ')
        : (person.name ?? ''),
    )
    .filter(Boolean);
  const year = metadata.publication_date?.slice(0, 4);
  const doi = document.pids.doi?.identifier;
  return [
    `${names.join('; ')}${year ? ` (${year})` : ''}.`,
    `${metadata.title ?? ''}${metadata.version ? ` (${metadata.version})` : ''}.`,
    metadata.publisher ? `${metadata.publisher}.` : '',
    doi ? `https://doi.org/${doi}` : url,
  ]
    .filter((part) => part && part !== '.')
    .join(' ');
}
