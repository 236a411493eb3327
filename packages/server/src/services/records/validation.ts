import { validateRecord, type CustomFieldGroup, type FieldError } from '@arca/schema';
import type { VocabularyService } from '../vocabularies.service.ts';
import type { PidService } from '../pids.service.ts';
import { EXTERNAL_PROVIDER, MANAGED_PROVIDER } from '../pids.service.ts';
import type { RecordDocument } from './document.ts';
import type { RecordRow } from './repository.ts';
import { vocabularyRefs } from './vocabulary-refs.ts';

export interface ValidationInput {
  id: string;
  document: RecordDocument;
  /** The published version with the same id, when this draft edits it. */
  published: RecordRow | undefined;
  /** Completed files. */
  fileCount: number;
  /** Every file, whatever its state. */
  totalFiles?: number;
  /** The keys of the completed files. */
  fileKeys?: string[];
  /** Whether another object holds the external DOI, when already known (a save asks with its write). */
  doiTakenByOther?: boolean;
}

export interface ValidationRules {
  graceDays: number;
  doiRequired: boolean;
}

const DAY_MS = 86_400_000;

/** A draft's answer to "does it need a DOI?", and which answers publishing accepts. */
export interface DoiRule {
  required: boolean;
  /** The DOI providers a draft may use; `not_needed`: publishing without a DOI. */
  allowedProviders: ('managed' | 'external' | 'not_needed')[];
}

function add(errors: FieldError[], field: string, message: string): void {
  const existing = errors.find((error) => error.field === field);
  if (existing) existing.messages.push(message);
  else errors.push({ field, messages: [message], severity: 'error' });
}

/**
 * Every problem of a draft: the shared rules of packages/schema, and what only
 * the server can check (vocabulary ids, files, the grace period, DOIs).
 * Saving reports these; publishing refuses while any remains.
 */
export function createRecordValidator(deps: {
  vocabularies: VocabularyService;
  pids: PidService;
  rules: ValidationRules;
  /** The custom field groups the site switched on. */
  customFields: readonly CustomFieldGroup[];
}) {
  return {
    async validate(input: ValidationInput, now = new Date()): Promise<FieldError[]> {
      const { document } = input;
      // Strict: what is published has passed the whole schema, custom fields and limits included.
      const errors = validateRecord(document, {
        today: now.toISOString().slice(0, 10),
        customFields: deps.customFields,
      }).map((error) => ({ ...error, messages: [...error.messages] }));

      const refs = vocabularyRefs(document.metadata);
      const known = await deps.vocabularies.findMany(refs);
      for (const ref of refs) {
        if (!known.has(`${ref.type}:${ref.id}`))
          add(errors, `${ref.path}.id`, 'unknownVocabularyValue');
      }

      if (document.files.enabled !== false && input.fileCount === 0) {
        add(errors, 'files.enabled', 'missingFiles');
      }
      // The metadata-only toggle is off while files exist (SPEC §5).
      if (document.files.enabled === false && (input.totalFiles ?? 0) > 0) {
        add(errors, 'files.enabled', 'filesExistMetadataOnly');
      }

      const preview = document.files.default_preview;
      if (typeof preview === 'string' && !(input.fileKeys ?? []).includes(preview)) {
        add(errors, 'files.default_preview', 'defaultPreviewNotFound');
      }

      // Once public long enough, a published record stays public (SPEC §5).
      const published = input.published;
      if (
        published &&
        published.accessRecord === 'public' &&
        document.access.record === 'restricted' &&
        now.getTime() - published.createdAt.getTime() > deps.rules.graceDays * DAY_MS
      ) {
        add(errors, 'access.record', 'restrictionAfterGrace');
      }

      const doi = document.pids.doi;
      if (
        doi?.provider === EXTERNAL_PROVIDER &&
        (input.doiTakenByOther ?? (await deps.pids.takenByOther(doi.identifier, input.id)))
      ) {
        add(errors, 'pids.doi', 'doiTaken');
      }
      return errors;
    },

    /**
     * Whether a draft needs a DOI (SPEC §5, the DOI check): the site requires
     * one, or the latest published version of its record had a managed DOI.
     * `previousProvider`: the provider of that version's DOI (null: none, or
     * no published version). Publishing and the editor both ask this.
     */
    doiRule(previousProvider: string | null): DoiRule {
      const required = deps.rules.doiRequired || previousProvider === MANAGED_PROVIDER;
      return {
        required,
        allowedProviders: required
          ? ['managed', 'external']
          : ['managed', 'external', 'not_needed'],
      };
    },

    /** Publishing needs a DOI where the rule requires one, and a registered DOI a publisher. */
    doiErrors(
      document: RecordDocument,
      rule: DoiRule,
      action: 'publish' | 'submit' = 'publish',
    ): FieldError[] {
      const message = action === 'publish' ? 'doiNeededPublish' : 'doiNeededSubmit';
      const errors: FieldError[] =
        rule.required && !document.pids.doi
          ? [{ field: 'pids.doi', messages: [message], severity: 'error' }]
          : [];
      // A DOI registered by the repository needs a publisher (DataCite's required property).
      const publisher = document.metadata.publisher;
      if (
        document.pids.doi?.provider === MANAGED_PROVIDER &&
        (typeof publisher !== 'string' || publisher.trim() === '')
      ) {
        errors.push({
          field: 'metadata.publisher',
          messages: ['publisherNeededForDoi'],
          severity: 'error',
        });
      }
      return errors;
    },
  };
}

export type RecordValidator = ReturnType<typeof createRecordValidator>;
