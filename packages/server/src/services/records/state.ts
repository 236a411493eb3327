import type { Database } from '../../db/client.ts';
import type { RecordFacts } from '../../permissions/records.policy.ts';
import type { FileSummary } from '../files/files.repository.ts';
import type { RequestRow } from '../requests/types.ts';
import type { GrantRow, LinkRow } from '../sharing/access.service.ts';
import { loadRecordContext, type DraftContext, type RecordContext } from './context.ts';
import { contextReads } from './context.repository.ts';
import type { RecordDocument } from './document.ts';
import {
  createRecordRepository,
  type DraftRow,
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
  /** Totals of its files, with the entries of a small record (read with the row). */
  files: FileSummary;
  sharing?: { grants: GrantRow[]; links: LinkRow[] };
  /** The record context it was made from (context.ts). */
  context?: RecordContext;
}

/** A draft, with its context. */
export type DraftLoaded = Loaded & { context: DraftContext };

export const NO_RECORD: RecordFacts = {
  parentId: '',
  ownerId: -1,
  grants: [],
  access: { record: 'public', files: 'public', embargoActive: false },
};

/** A record context (context.ts) as the operations and views of this service take it. */
export function fromContext(context: RecordContext): Loaded {
  return {
    kind: context.scope,
    row: context.row,
    parent: context.parent,
    document: context.document,
    facts: context.facts,
    isPublished: context.published,
    isLatest: context.versions.isLatest,
    isLatestDraft: context.versions.isLatestDraft,
    review: context.review,
    files: context.files,
    sharing: { grants: context.grants, links: context.links },
    context,
  };
}

/**
 * Reads drafts and records through the record context, on the pool or on a
 * unit of work's transaction (after its locks, so it reads what they hold).
 */
export function createStateReader(db: Database) {
  const folded = () => contextReads;
  const repo = createRecordRepository(db, folded);
  return {
    repo,
    folded,

    async draftState(id: string, on: Database = db): Promise<DraftLoaded | undefined> {
      const context = await loadRecordContext(on, id, 'draft');
      return context && { ...fromContext(context), context };
    },

    async recordState(id: string, on: Database = db): Promise<Loaded | undefined> {
      const context = await loadRecordContext(on, id, 'record');
      return context && fromContext(context);
    },
  };
}

export type StateReader = ReturnType<typeof createStateReader>;
