import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { RecordFacts } from '../../permissions/records.policy.ts';
import type { FileWithObject } from '../files/files.repository.ts';
import type { RecordFilesComponent } from '../files/record-files.component.ts';
import type { RequestRow } from '../requests/types.ts';
import type { GrantRow, LinkRow } from '../sharing/access.service.ts';
import type { RecordComponent } from './components.ts';
import { effectiveAccess, type RecordDocument } from './document.ts';
import {
  createRecordRepository,
  type DraftRow,
  type FoldedReads,
  type GrantFact,
  type ParentRow,
  type RecordRow,
} from './repository.ts';

/** A draft or record as read with everything an operation or its view needs. */
export interface Loaded {
  kind: 'draft' | 'record';
  row: DraftRow | RecordRow;
  parent: ParentRow;
  document: RecordDocument;
  facts: RecordFacts;
  isPublished: boolean;
  isLatest: boolean;
  isLatestDraft: boolean;
  review?: RequestRow | undefined;
  /** Read with the row when the state query folded them in. */
  files?: FileWithObject[];
  sharing?: { grants: GrantRow[]; links: LinkRow[] };
}

export const NO_RECORD: RecordFacts = {
  parentId: '',
  ownerId: -1,
  grants: [],
  access: { record: 'public', files: 'public', embargoActive: false },
};

export function factsOf(
  parent: ParentRow,
  document: RecordDocument,
  grants: GrantFact[],
  review?: RequestRow,
): RecordFacts {
  const ids = (parent.communities as { ids?: unknown }).ids;
  return {
    parentId: parent.id,
    ownerId: parent.ownerId,
    grants,
    access: effectiveAccess(document),
    communities: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [],
    reviewCommunity:
      review?.status === 'submitted' && review.receiverType === 'community'
        ? review.receiverId
        : null,
  };
}

/**
 * Reads drafts and records in their whole state (one query each), on the pool or
 * on a unit of work's transaction; `lock` also locks the draft row.
 */
export function createStateReader(
  db: Database,
  files: RecordFilesComponent,
  components: readonly RecordComponent[],
) {
  const folded = (): FoldedReads => {
    const reviews = components.find((component) => component.reviewJson);
    return {
      files: files.entriesJson,
      review: (draftId: SQL) => reviews?.reviewJson?.(draftId) ?? sql`NULL::json`,
    };
  };
  const repo = createRecordRepository(db, folded);
  const reviewFromJson = (json: unknown) =>
    components.find((component) => component.reviewFromJson)?.reviewFromJson?.(json);
  const repoOn = (database: Database) =>
    database === db ? repo : createRecordRepository(database, folded);

  return {
    repo,
    folded,

    /** A draft and all its view needs, in one query; undefined when there is none. */
    async draftState(
      id: string,
      options: { on?: Database; lock?: boolean } = {},
    ): Promise<Loaded | undefined> {
      const found = await repoOn(options.on ?? db).draftState(id, { lock: options.lock ?? false });
      if (!found) return undefined;
      const document = found.draft.document as unknown as RecordDocument;
      const review = reviewFromJson(found.reviewRow);
      return {
        files: files.entriesFromJson(found.fileRows),
        sharing: { grants: found.grants, links: found.links },
        kind: 'draft',
        row: found.draft,
        parent: found.parent,
        document,
        review,
        facts: factsOf(found.parent, document, found.grants, review),
        isPublished: found.published,
        isLatest: false,
        isLatestDraft: found.draft.versionIndex === found.highestIndex,
      };
    },

    async recordState(id: string, on: Database = db): Promise<Loaded | undefined> {
      const found = await repoOn(on).recordState(id);
      if (!found) return undefined;
      const document = found.record.document as unknown as RecordDocument;
      return {
        files: files.entriesFromJson(found.fileRows),
        sharing: { grants: found.grants, links: found.links },
        kind: 'record',
        row: found.record,
        parent: found.parent,
        document,
        facts: factsOf(found.parent, document, found.grants),
        isPublished: true,
        isLatest: found.record.isLatest,
        isLatestDraft: false,
      };
    },

    /** A record found by a search, as if read by `recordState`. */
    fromHit(hit: { row: RecordRow; parent: ParentRow; grants: GrantFact[] }): Loaded {
      const document = hit.row.document as unknown as RecordDocument;
      return {
        kind: 'record',
        row: hit.row,
        parent: hit.parent,
        document,
        facts: factsOf(hit.parent, document, hit.grants),
        isPublished: true,
        isLatest: hit.row.isLatest,
        isLatestDraft: false,
      };
    },
  };
}

export type StateReader = ReturnType<typeof createStateReader>;
