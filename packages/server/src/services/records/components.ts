import type { Database } from '../../db/client.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import type { RequestRow } from '../requests/types.ts';
import type { CommunityRow } from '../communities/communities.service.ts';
import type { Loaded } from './state.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/**
 * Where a lifecycle hook runs: inside the operation's unit of work, with the
 * draft (publish, discard) or record (edit) as read under its lock. Work for
 * after the commit (collecting bytes, announcements) goes to `unit.afterCommit`.
 */
export interface LifecycleStep {
  unit: UnitOfWork;
  state: Loaded;
}

/**
 * A lifecycle component (STYLE.md §5): one concern (files, PIDs, embargo,
 * community review...) plugged into the records operations, instead of growing
 * one long service method. Every hook is optional; `check*` hooks run before the
 * unit of work, on committed state; `on*` hooks run inside it, on `tx` only.
 */
export interface RecordComponent {
  /** The community a review goes to, for `?expand=1` (the deposit form's community header). */
  receiverOf?(review: RequestRow): Promise<CommunityRow | undefined>;
  /** The record's communities the actor may see, for `parent.communities.entries`. */
  communitiesOf?(actor: Actor, ids: readonly string[]): Promise<CommunityRow[]>;
  /** After a draft was created from `body` (e.g. `parent.review`). */
  afterCreate?(actor: Actor, draftId: string, body: Record<string, unknown>): Promise<void>;
  /** May refuse a publication; `viaReview`: the accepted review publishes it. */
  checkPublish?(draftId: string, viaReview: boolean): Promise<void>;
  /** Inside the publish unit of work, before the draft becomes the record. */
  onPublish?(tx: Database, draftId: string, step: LifecycleStep): Promise<void>;
  /** Inside the edit unit of work, once the edit draft was inserted. */
  onEdit?(tx: Database, recordId: string, step: LifecycleStep): Promise<void>;
  /** May refuse to discard a draft. */
  checkDeleteDraft?(draftId: string): Promise<void>;
  /** Inside the discard unit of work, before the draft row goes. */
  onDeleteDraft?(tx: Database, draftId: string, step: LifecycleStep): Promise<void>;
}
