import type { Database } from '../../db/client.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import type { RequestRow } from '../requests/types.ts';
import type { CommunityRow } from '../communities/communities.service.ts';
import type { Loaded } from './state.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/**
 * Where a lifecycle hook runs: inside the operation's unit of work, with the
 * draft (create, publish, discard) or record (edit) as read under its lock. Work
 * for after the commit (collecting bytes, announcements) goes to `unit.afterCommit`.
 */
export interface LifecycleStep {
  unit: UnitOfWork;
  state: Loaded;
}

/** A create's step: also who creates and what they sent (e.g. `parent.review`). */
export interface CreateStep extends LifecycleStep {
  actor: Actor;
  body: Record<string, unknown>;
}

/**
 * A lifecycle component (STYLE.md §5): one concern (files, PIDs, embargo,
 * community review...) plugged into the records operations, instead of growing
 * one long service method. Every hook is optional. `on*` hooks write, inside the
 * operation's unit of work, on `tx` only. `check*` hooks only read the state they
 * are given: the operation runs them on the state read under its lock (what they
 * refuse cannot change before the commit), and may run them before as well, on
 * committed state, to answer early. `checkCreate` runs before the unit: nothing
 * exists yet to lock; `onCreate` checks again what it writes.
 */
export interface RecordComponent {
  /** The community a review goes to, for `?expand=1` (the deposit form's community header). */
  receiverOf?(review: RequestRow): Promise<CommunityRow | undefined>;
  /** The record's communities the actor may see, for `parent.communities.entries`. */
  communitiesOf?(actor: Actor, ids: readonly string[]): Promise<CommunityRow[]>;
  /** May refuse what a create asks for in `body` (e.g. `parent.review`), before anything is written. */
  checkCreate?(actor: Actor, body: Record<string, unknown>): Promise<void>;
  /** Inside the create unit of work, once the draft (and its parent) were inserted. */
  onCreate?(tx: Database, draftId: string, step: CreateStep): Promise<void>;
  /** May refuse a publication; `viaReview`: the accepted review publishes it. */
  checkPublish?(draftId: string, viaReview: boolean, state: Loaded): void | Promise<void>;
  /** Inside the publish unit of work, before the draft becomes the record. */
  onPublish?(tx: Database, draftId: string, step: LifecycleStep): Promise<void>;
  /** Inside the edit unit of work, once the edit draft was inserted. */
  onEdit?(tx: Database, recordId: string, step: LifecycleStep): Promise<void>;
  /** May refuse to discard a draft. */
  checkDeleteDraft?(draftId: string, state: Loaded): void | Promise<void>;
  /** Inside the discard unit of work, before the draft row goes. */
  onDeleteDraft?(tx: Database, draftId: string, step: DiscardStep): Promise<void>;
  /**
   * Inside the unit of work that deletes a published record (its tombstone is
   * written); `removeFiles`: the removal reason takes its files out of storage.
   */
  onDeleteRecord?(tx: Database, recordId: string, step: DeletionStep): Promise<void>;
  /** Inside the unit of work that lifts a record's embargo: the record is public now. */
  onEmbargoLifted?(tx: Database, recordId: string, parentId: string): Promise<void>;
  /** Inside the unit of work that restores a deleted record. */
  onRestoreRecord?(tx: Database, recordId: string, step: LifecycleStep): Promise<void>;
}

/** A discard's step: also whether the draft goes because its record was deleted. */
export interface DiscardStep extends LifecycleStep {
  /** Its record (or the whole parent) was deleted: what stays open about the draft closes. */
  recordDeleted?: boolean;
}

/** A deletion's step: also whether the reason removes the files. */
export interface DeletionStep extends LifecycleStep {
  removeFiles: boolean;
}
