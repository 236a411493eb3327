import {
  dropUnknownKeys,
  fillDetectedSchemes,
  oversizedPart,
  type CustomFieldGroup,
  type FieldError,
} from '@arca/schema';
import type { Database } from '../../db/client.ts';
import { can } from '../../permissions/policy.ts';
import { recordPolicy, type Actor, type RecordAction } from '../../permissions/records.policy.ts';
import { DomainError, fieldError, pidNotFound, recordDenied } from '../errors.ts';
import type { FileSummary } from '../files/files.repository.ts';
import type { RecordFilesComponent } from '../files/record-files.component.ts';
import type { AccessService } from '../sharing/access.service.ts';
import type { VocabularyService } from '../vocabularies.service.ts';
import type { RecordComponent } from './components.ts';
import { dropEmpty, normalizeDocument, type RecordDocument } from './document.ts';
import type { RecordRow } from './repository.ts';
import { sanitizeDescriptions } from './rich-text.ts';
import { isDeleted, recordGone } from './tombstone.ts';
import { createStateReader, type DraftLoaded, type Loaded } from './state.ts';
import { createUnitOfWork, type UnitOfWork } from './unit-of-work.ts';
import type { UserLimitsService } from '../user-limits.ts';
import type { RecordValidator } from './validation.ts';
import { reduceRefsToIds } from './vocabulary-refs.ts';

export interface RecordServiceDeps {
  db: Database;
  access: AccessService;
  vocabularies: VocabularyService;
  validator: RecordValidator;
  doiPrefix: string;
  /** DataCite's prefix when managed DOIs are registered there. */
  datacitePrefix?: string;
  /** The site's address: a tombstone's citation links the record there when it has no DOI. */
  siteUrl: string;
  files: RecordFilesComponent;
  /** Per-user limits: a new draft is refused past the owner's open drafts. */
  userLimits: Pick<UserLimitsService, 'checkOpenDrafts'>;
  /** The custom field groups the site switched on: the only custom fields a record keeps. */
  customFields: readonly CustomFieldGroup[];
}

/** What every operation of the records service shares: state, rules, the unit of work. */
export function createRecordKit(deps: RecordServiceDeps) {
  /** Lifecycle components, in the order they run (see components.ts). */
  const components: RecordComponent[] = [];
  const state = createStateReader(deps.db);

  function authorize(action: RecordAction, actor: Actor, loaded: Pick<Loaded, 'facts'>): void {
    if (can(recordPolicy, action, actor, loaded.facts)) return;
    // Say so when a confirmed address is all that is missing.
    const confirmed = { ...actor, identity: { ...actor.identity, emailUnverified: false } };
    if (actor.identity.emailUnverified && can(recordPolicy, action, confirmed, loaded.facts)) {
      throw new DomainError('forbidden', 'emailNotVerified');
    }
    throw recordDenied(actor, loaded.facts.parentId);
  }

  /** A draft the actor may act on (read on the pool, outside any unit of work). */
  async function loadDraft(id: string, actor: Actor, action: RecordAction): Promise<DraftLoaded> {
    const loaded = await state.draftState(id);
    if (!loaded) throw pidNotFound();
    authorize(action, actor, loaded);
    return loaded;
  }

  async function loadRecord(id: string, actor: Actor, action: RecordAction): Promise<Loaded> {
    const loaded = await state.recordState(id);
    if (!loaded) throw pidNotFound();
    if (isDeleted(loaded.row as RecordRow)) throw recordGone(loaded.row as RecordRow);
    authorize(action, actor, loaded);
    return loaded;
  }

  /**
   * Inside a unit of work: locks the draft's parent, then the draft, and reads
   * the draft again under the locks. Unknown: not found.
   */
  async function lockDraft(unit: UnitOfWork, id: string): Promise<DraftLoaded> {
    if (!(await unit.repo.lockDraft(id))) throw pidNotFound();
    const loaded = await state.draftState(id, unit.tx);
    if (!loaded) throw pidNotFound();
    return loaded;
  }

  function checkRevision(current: number, expected: number | undefined): void {
    if (expected !== undefined && expected !== current) {
      throw new DomainError('stale', 'revisionMismatch', { params: { given: expected, current } });
    }
  }

  /**
   * The document a save stores, and what it dropped: keys the record schema
   * does not know are reported (`unknownField`) and never stored, as
   * InvenioRDM's schemas do. A document over the size limit is refused.
   * Draft documents keep vocabulary references as ids only; titles are read back.
   * Identifiers without a scheme get the detected one (as InvenioRDM's idutils).
   */
  function prepare(body: unknown): { document: RecordDocument; dropped: FieldError[] } {
    const document = normalizeDocument(body);
    const paths = dropUnknownKeys(document as unknown as Record<string, unknown>, {
      customFields: deps.customFields,
    });
    if (paths.length > 0) {
      document.metadata = (dropEmpty(document.metadata) ?? {}) as Record<string, unknown>;
      document.custom_fields = (dropEmpty(document.custom_fields) ?? {}) as Record<string, unknown>;
    }
    const oversized = oversizedPart(document as unknown as Record<string, unknown>);
    if (oversized) throw fieldError(oversized, 'documentTooLarge');
    // Identifiers sent without a scheme get the one InvenioRDM would detect.
    fillDetectedSchemes(document.metadata);
    reduceRefsToIds(document.metadata);
    sanitizeDescriptions(document.metadata);
    const dropped = paths.map((field): FieldError => ({
      field,
      messages: ['unknownField'],
      severity: 'error',
    }));
    return { document, dropped };
  }

  /** The validation errors of a draft (on the pool: never inside a unit of work). */
  async function validate(
    id: string,
    document: RecordDocument,
    published: RecordRow | undefined,
    fileList?: FileSummary,
    doiTakenByOther?: boolean,
  ) {
    const files = await deps.files.facts(id, document.files.default_preview, fileList);
    return deps.validator.validate({
      id,
      document,
      published,
      fileCount: files.completed,
      totalFiles: files.total,
      fileKeys: files.keys,
      ...(doiTakenByOther === undefined ? {} : { doiTakenByOther }),
    });
  }

  /** The published version with this id, for the rules that look at what was published. */
  const publishedOf = (loaded: Loaded) =>
    loaded.isPublished ? state.repo.record(loaded.row.id) : Promise.resolve(undefined);

  return {
    deps,
    components,
    state,
    repo: state.repo,
    unit: createUnitOfWork(deps.db, state.folded),
    authorize,
    loadDraft,
    loadRecord,
    lockDraft,
    checkRevision,
    prepare,
    validate,
    publishedOf,
  };
}

export type RecordKit = ReturnType<typeof createRecordKit>;
