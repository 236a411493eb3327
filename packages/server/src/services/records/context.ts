import type { Database } from '../../db/client.ts';
import { can } from '../../permissions/policy.ts';
import {
  recordPolicy,
  type Actor,
  type RecordAction,
  type RecordFacts,
} from '../../permissions/records.policy.ts';
import { pidNotFound, recordDenied } from '../errors.ts';
import type { FileSummary } from '../files/files.repository.ts';
import type { Quota } from '../files/quota.ts';
import type { RequestRow } from '../requests/types.ts';
import { accessSettingsOf, type AccessSettings } from '../sharing/access-settings.service.ts';
import type { GrantRow, LinkRow } from '../sharing/access.service.ts';
import {
  contextRepository,
  customQuota,
  filesFromJson,
  inclusionsFromJson,
  reviewFromJson,
} from './context.repository.ts';
import { effectiveAccess, type RecordDocument } from './document.ts';
import type { DraftRow, ParentRow, RecordRepository, RecordRow } from './repository.ts';
import { isDeleted, recordGone } from './tombstone.ts';

export type RecordScope = 'draft' | 'record';

/**
 * Everything known about one draft or published record, read once (one
 * query) and shared by every service acting on it: permissions are decided
 * on `facts`, derived here and nowhere else.
 */
interface ContextBase {
  id: string;
  document: RecordDocument;
  parent: ParentRow;
  grants: GrantRow[];
  links: LinkRow[];
  /** The parent's access-request settings, with defaults. */
  settings: AccessSettings;
  /** The ids of the communities the record belongs to. */
  communities: string[];
  /** The communities a published record has open inclusion requests to (none for a draft). */
  inclusionCommunities: string[];
  /** Totals of its files, with the entries of a small record (files.repository.ts). */
  files: FileSummary;
  /** A published version with this id exists (true for a record and for the edit draft of one). */
  published: boolean;
  versions: { index: number; isLatest: boolean; isLatestDraft: boolean };
  /** With `options.defaultQuota`: the record's quota (its own, else that default). */
  quota?: Quota;
  facts: RecordFacts;
}

export interface DraftContext extends ContextBase {
  scope: 'draft';
  row: DraftRow;
  /** The draft's current community review (any status a draft shows), if it has one. */
  review: RequestRow | undefined;
  /** The review while it is open: submitted to a community, awaiting its curators. */
  openReview: RequestRow | undefined;
  /** The DOI provider of the record's latest published version (null: none). */
  previousDoiProvider: string | null;
}

export interface PublishedContext extends ContextBase {
  scope: 'record';
  row: RecordRow;
  review: undefined;
  openReview: undefined;
}

export type RecordContext = DraftContext | PublishedContext;

export interface ContextOptions {
  /** Reads the record's quota too, falling back to this default (one more query). */
  defaultQuota?: Quota;
}

/** The ids of a parent's communities (`parent.communities.ids`). */
export function communityIdsOf(parent: Pick<ParentRow, 'communities'>): string[] {
  const ids = (parent.communities as { ids?: unknown }).ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

type ReviewFacts = Pick<RequestRow, 'status' | 'receiverType' | 'receiverId'>;

/** The current review while it is open: submitted to a community, awaiting its curators. */
export const openReviewOf = <R extends ReviewFacts>(review: R | undefined) =>
  review?.status === 'submitted' && review.receiverType === 'community' ? review : undefined;

/** The permission facts of a record: the one place they are derived. */
export function factsOf(context: {
  parent: Pick<ParentRow, 'id' | 'ownerId' | 'communities'>;
  document: Pick<RecordDocument, 'access' | 'files'>;
  grants: RecordFacts['grants'];
  published: boolean;
  openReview?: Pick<RequestRow, 'receiverId'> | undefined;
  inclusionCommunities?: string[];
}): RecordFacts {
  return {
    published: context.published,
    parentId: context.parent.id,
    ownerId: context.parent.ownerId,
    grants: context.grants,
    access: effectiveAccess(context.document),
    communities: communityIdsOf(context.parent),
    reviewCommunity: context.openReview?.receiverId ?? null,
    inclusionCommunities: context.inclusionCommunities ?? [],
  };
}

/** A draft's state as the combined query reads it (`repository.ts`, `draftState`). */
export type DraftState = NonNullable<Awaited<ReturnType<RecordRepository['draftState']>>>;
/** A record's state as the combined query reads it (`recordState`). */
export type RecordState = NonNullable<Awaited<ReturnType<RecordRepository['recordState']>>>;

/** The context of a draft whose state was read already (a search reads many at once). */
export function draftContextOf(found: DraftState): DraftContext {
  const review = reviewFromJson(found.reviewRow);
  return withFacts({
    ...readAlike(found, found.draft),
    scope: 'draft',
    published: found.published,
    versions: {
      index: found.draft.versionIndex,
      isLatest: false,
      isLatestDraft: found.draft.versionIndex === found.highestIndex,
    },
    review,
    openReview: openReviewOf(review),
    inclusionCommunities: [],
    previousDoiProvider: found.previousDoiProvider ?? null,
  });
}

/** The context of a published record whose state was read already. */
export function recordContextOf(found: RecordState): PublishedContext {
  return withFacts({
    ...readAlike(found, found.record),
    scope: 'record',
    published: true,
    versions: {
      index: found.record.versionIndex,
      isLatest: found.record.isLatest,
      isLatestDraft: false,
    },
    review: undefined,
    openReview: undefined,
    inclusionCommunities: inclusionsFromJson(found.inclusionRows),
  });
}

/**
 * The context of a draft or a published record; undefined when there is none.
 * `db` may be a transaction, so that an operation reads under its locks.
 */
export async function loadRecordContext(
  db: Database,
  id: string,
  scope: 'draft',
  options?: ContextOptions,
): Promise<DraftContext | undefined>;
export async function loadRecordContext(
  db: Database,
  id: string,
  scope: 'record',
  options?: ContextOptions,
): Promise<PublishedContext | undefined>;
export async function loadRecordContext(
  db: Database,
  id: string,
  scope: RecordScope,
  options?: ContextOptions,
): Promise<RecordContext | undefined>;
export async function loadRecordContext(
  db: Database,
  id: string,
  scope: RecordScope,
  options: ContextOptions = {},
): Promise<RecordContext | undefined> {
  const repo = contextRepository(db);
  let context: RecordContext;
  if (scope === 'draft') {
    const found = await repo.draftState(id);
    if (!found) return undefined;
    context = draftContextOf(found);
  } else {
    const found = await repo.recordState(id);
    if (!found) return undefined;
    context = recordContextOf(found);
  }
  if (options.defaultQuota) {
    const own = await customQuota(db, context.parent.id);
    context.quota = own ? { maxFiles: own.maxFiles, maxBytes: own.maxBytes } : options.defaultQuota;
  }
  return context;
}

/**
 * The context of whichever exists under `id`, looked up in `order` (sharing
 * and quotas take a published record id or a draft id).
 */
export async function loadAnyRecordContext(
  db: Database,
  id: string,
  order: readonly RecordScope[],
  options?: ContextOptions,
): Promise<RecordContext | undefined> {
  for (const scope of order) {
    const context = await loadRecordContext(db, id, scope, options);
    if (context) return context;
  }
  return undefined;
}

/**
 * The context of `id` (looked up in `scopes`, in order) if `actor` may do
 * `action` on it: not found when there is none, forbidden when refused, and
 * nothing else said before the permission is checked. No actor: the caller
 * holds another proof (a signed part URL).
 */
export async function loadAuthorized(
  db: Database,
  actor: Actor | null,
  id: string,
  scopes: RecordScope | readonly RecordScope[],
  action: RecordAction,
  options?: ContextOptions,
): Promise<RecordContext> {
  const order = typeof scopes === 'string' ? [scopes] : scopes;
  const context = await loadAnyRecordContext(db, id, order, options);
  if (!context) throw pidNotFound();
  // A deleted record answers with its tombstone, and so do its files (410).
  if (context.scope === 'record' && isDeleted(context.row)) throw recordGone(context.row);
  if (actor && !can(recordPolicy, action, actor, context.facts)) {
    throw recordDenied(actor, context.facts.parentId);
  }
  return context;
}

/**
 * The context after its draft was saved: the saved row and document, and
 * the facts derived again (its access may have changed). Nothing is read.
 */
export function withSavedDraft(
  context: DraftContext,
  row: DraftRow,
  document: RecordDocument,
): DraftContext {
  return withFacts({ ...context, row, document });
}

/** What a draft's and a record's context read alike: the row, its parent and what hangs on it. */
function readAlike<Row extends DraftRow | RecordRow>(
  found: { parent: ParentRow; grants: GrantRow[]; links: LinkRow[]; fileRows: unknown },
  row: Row,
) {
  return {
    id: row.id,
    row,
    document: row.document,
    parent: found.parent,
    grants: found.grants,
    links: found.links,
    settings: accessSettingsOf(found.parent.settings),
    communities: communityIdsOf(found.parent),
    files: filesFromJson(found.fileRows),
  };
}

function withFacts<C extends Omit<RecordContext, 'facts'>>(context: C): C & { facts: RecordFacts } {
  return { ...context, facts: factsOf(context) };
}
