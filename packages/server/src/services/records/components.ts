import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import type { RequestRow } from '../requests/types.ts';
import type { CommunityRow } from '../communities/communities.service.ts';

/**
 * A lifecycle component (STYLE.md §5): a concern such as community review
 * plugged into the records service at create, publish and delete, instead of
 * growing one long service method. Every hook is optional.
 */
export interface RecordComponent {
  /**
   * The draft's review request, which its status and permissions depend on, as
   * JSON (a row or null): it is folded into the draft's read, and read back.
   */
  reviewJson?: (draftId: SQL) => SQL;
  reviewFromJson?: (json: unknown) => RequestRow | undefined;
  /** The community a review goes to, for `?expand=1` (the deposit form's community header). */
  receiverOf?(review: RequestRow): Promise<CommunityRow | undefined>;
  /** The record's communities the actor may see, for `parent.communities.entries`. */
  communitiesOf?(actor: Actor, ids: readonly string[]): Promise<CommunityRow[]>;
  /** After a draft was created from `body` (e.g. `parent.review`). */
  afterCreate?(actor: Actor, draftId: string, body: Record<string, unknown>): Promise<void>;
  /** May refuse a publication; `viaReview`: the accepted review publishes it. */
  checkPublish?(draftId: string, viaReview: boolean): Promise<void>;
  /** Inside the publish transaction. */
  onPublish?(tx: Database, draftId: string): Promise<void>;
  /** May refuse to discard a draft. */
  checkDeleteDraft?(draftId: string): Promise<void>;
  /** Inside the discard transaction. */
  onDeleteDraft?(tx: Database, draftId: string): Promise<void>;
}
