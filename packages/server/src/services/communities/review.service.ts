import { desc, sql, type Placeholder } from 'drizzle-orm';
import { reviewBody } from '@arca/schema';
import type { Database } from '../../db/client.ts';
import { communities as communitiesTable } from '../../db/schema.communities.ts';
import { requests } from '../../db/schema.requests.ts';
import { DomainError, permissionDenied, validationFailed } from '../errors.ts';
import { communityPolicy } from '../../permissions/communities.policy.ts';
import { can } from '../../permissions/policy.ts';
import { recordPolicy, type Actor } from '../../permissions/records.policy.ts';
import type { RecordComponent } from '../records/components.ts';
import type { RecordService, RecordView } from '../records/records.service.ts';
import { systemActor, type RequestService } from '../requests/requests.service.ts';
import type { RequestRow } from '../requests/types.ts';
import { communityFacts, type CommunityRow, type CommunityService } from './communities.service.ts';
import { COMMUNITY_SUBMISSION } from './community-submission.ts';
import { communityIs } from './kit.ts';
import { isCurrentReviewOf } from '../records/context.repository.ts';
import { openInclusionRows } from './community-inclusion.ts';
import { isDeleted } from './tombstone.ts';

/** A community by id or slug, read on `tx` and share-locked until it commits. */
async function communityHeld(tx: Database, idOrSlug: string): Promise<CommunityRow | undefined> {
  const [row] = await tx
    .select()
    .from(communitiesTable)
    .where(communityIs(idOrSlug))
    .for('key share');
  return row;
}

/** What a create's body asks of the review (`parent.review`); undefined: nothing. */
function reviewAtCreation(body: Record<string, unknown>): unknown {
  const parent = body.parent as { review?: unknown } | undefined;
  return parent?.review;
}

export const AUTO_ACCEPT_COMMENT = 'This request has been automatically accepted.';

const field = (name: string, message: string) =>
  new DomainError('invalid', 'validation', { errors: [{ field: name, messages: [message] }] });

/**
 * The review of a draft by a community (API.md §4.2, SPEC §4-§5): choosing
 * the community, submitting, direct inclusion. Also the records lifecycle
 * component that keeps reviews and drafts consistent.
 */
export function createReviewService(deps: {
  db: Database;
  records: RecordService;
  requests: RequestService;
  communities: CommunityService;
}) {
  const { db, records, communities } = deps;

  const currentReviewQuery = (database: Database, draftId: string | Placeholder) =>
    database
      .select()
      .from(requests)
      .where(isCurrentReviewOf(draftId))
      .orderBy(desc(requests.createdAt))
      .limit(1);
  // Read with every draft view: prepared on first use (transactions run it plain).
  const prepareCurrentReview = () =>
    currentReviewQuery(db, sql.placeholder('draftId')).prepare('current_review');
  let currentReviewPrepared: ReturnType<typeof prepareCurrentReview> | undefined;

  async function currentReview(
    draftId: string,
    database: Database = db,
  ): Promise<RequestRow | undefined> {
    if (database !== db) return (await currentReviewQuery(database, draftId))[0];
    currentReviewPrepared ??= prepareCurrentReview();
    return (await currentReviewPrepared.execute({ draftId }))[0];
  }

  /** The draft, if the actor may manage it (all review changes need manage, API.md §7). */
  async function managedDraft(actor: Actor, draftId: string): Promise<RecordView> {
    const view = await records.readDraft(actor, draftId);
    if (!can(recordPolicy, 'canManage', actor, view.facts)) throw permissionDenied();
    if (view.isPublished) throw new DomainError('invalid', 'reviewPublished');
    if (view.versions.index > 1) throw new DomainError('invalid', 'reviewNewVersion');
    return view;
  }

  function checkMayReach(actor: Actor, community: CommunityRow): void {
    if (!can(communityPolicy, 'canSubmitRecord', actor, communityFacts(community))) {
      throw new DomainError('forbidden', 'submissionMembersOnly');
    }
  }

  /**
   * The community a review body chooses, checked for the actor and the draft's
   * current review (`existing`), or for a draft being created. Writes nothing.
   */
  async function chosenCommunity(
    actor: Actor,
    body: unknown,
    existing: RequestRow | undefined,
    find: (idOrSlug: string) => Promise<CommunityRow | undefined>,
    atCreation = false,
  ): Promise<CommunityRow> {
    const parsed = reviewBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw field(issue.path.join('.') || 'receiver', issue.message);
    }
    if (parsed.data.type !== COMMUNITY_SUBMISSION)
      throw new DomainError('invalid', 'invalidReviewType');
    const community = await find(parsed.data.receiver.community);
    if (!community || !can(communityPolicy, 'canRead', actor, communityFacts(community))) {
      throw field('receiver.community', 'communityNotFound');
    }
    if (existing?.status === 'submitted') throw new DomainError('invalid', 'reviewOpenNoChange');
    checkMayReach(actor, community);
    // A community with its own upload form takes first submissions only from that form.
    if (community.themeEnabled && !atCreation && existing?.receiverId !== community.id) {
      throw new DomainError('invalid', 'submissionDedicatedForm');
    }
    return community;
  }

  /** A review of the draft in status `created`, written on `tx`. */
  const newReview = (
    tx: Database,
    actor: Actor,
    draftId: string,
    title: unknown,
    community: CommunityRow,
  ) =>
    deps.requests.create(
      {
        type: COMMUNITY_SUBMISSION,
        title: typeof title === 'string' ? title : '',
        topic: { type: 'record', id: draftId },
        receiver: { type: 'community', id: community.id },
        creator: { type: 'user', id: String(actor.identity.userId ?? 'system') },
      },
      tx,
    );

  const service = {
    currentReview,

    async read(actor: Actor, draftId: string) {
      const view = await records.readDraft(actor, draftId);
      if (!view.review) throw new DomainError('notFound', 'reviewNotFound');
      return deps.requests.viewOf(actor, view.review);
    },

    /** Chooses (or changes) the community a draft goes to: a new review in status `created`. */
    async put(actor: Actor, draftId: string, body: unknown) {
      const view = await managedDraft(actor, draftId);
      const existing = view.review;
      const community = await chosenCommunity(actor, body, existing, communities.find);
      const sameCommunity = existing?.receiverId === community.id;
      // Choosing a restricted community makes a public record restricted (SPEC §4).
      if (community.visibility === 'restricted' && view.document.access.record === 'public') {
        await records.restrictDraft(draftId);
      }
      // Saving the form again with the same community keeps the request (and its id).
      if (existing?.status === 'created' && sameCommunity) {
        return deps.requests.viewOf(actor, existing);
      }
      const created = await db.transaction(async (tx) => {
        if (existing) await deps.requests.remove(existing.id, tx);
        return newReview(tx, actor, draftId, view.metadata.title, community);
      });
      return deps.requests.viewOf(actor, created);
    },

    async delete(actor: Actor, draftId: string): Promise<void> {
      const view = await managedDraft(actor, draftId);
      if (!view.review) throw new DomainError('notFound', 'reviewNotFound');
      if (view.review.status === 'submitted')
        throw new DomainError('invalid', 'reviewOpenNoDelete');
      await deps.requests.remove(view.review.id);
    },

    /**
     * Submits the draft for review, after the checks of SPEC §5; when the
     * actor may include directly, the submission is accepted at once and the
     * draft published into the community.
     */
    async submit(actor: Actor, draftId: string, comment?: string) {
      const view = await managedDraft(actor, draftId);
      let review = view.review;
      if (!review) throw new DomainError('notFound', 'reviewNotFound');
      if (review.status === 'submitted') throw new DomainError('invalid', 'reviewAlreadySubmitted');
      const community = await communities.find(review.receiverId ?? '');
      if (!community) throw field('receiver.community', 'communityNotFound');
      // Chosen before it was deleted: the uploader changes the community or publishes without.
      if (isDeleted(community)) throw field('receiver.community', 'communityDeleted');
      checkMayReach(actor, community);
      if (community.visibility === 'restricted' && view.document.access.record === 'public') {
        throw new DomainError('invalid', 'submissionRestrictedCommunity', {
          errors: [{ field: 'access.record', messages: ['submissionRestrictedCommunity'] }],
        });
      }
      const errors = await records.publishErrors(actor, draftId, 'submit');
      if (errors.length > 0) throw validationFailed(errors);
      if (review.status !== 'created') {
        // A declined or expired review starts again as a new request to the same community.
        const previous = review;
        review = await db.transaction(async (tx) => {
          await deps.requests.remove(previous.id, tx);
          return deps.requests.create(
            {
              type: COMMUNITY_SUBMISSION,
              title: previous.title,
              topic: { type: 'record', id: draftId },
              receiver: { type: 'community', id: community.id },
              creator: { type: 'user', id: String(actor.identity.userId) },
            },
            tx,
          );
        });
      }
      let result = await deps.requests.act(actor, review.id, 'submit', comment);
      if (can(communityPolicy, 'canIncludeDirectly', actor, communityFacts(community))) {
        await deps.requests.act(systemActor, review.id, 'accept', AUTO_ACCEPT_COMMENT);
        result = await deps.requests.viewOf(actor, (await deps.requests.row(review.id))!);
      }
      return result;
    },

    /** Keeps drafts and their reviews consistent through the records lifecycle. */
    component: {
      receiverOf: (review) => communities.find(review.receiverId ?? ''),
      communitiesOf: (actor, ids) => communities.readableAmong(actor, ids),
      // `parent.review` at creation: checked before the create's unit, written inside it.
      async checkCreate(actor, body) {
        const review = reviewAtCreation(body);
        if (review !== undefined)
          await chosenCommunity(actor, review, undefined, communities.find, true);
      },
      async onCreate(tx, draftId, { unit, state, actor, body }) {
        const review = reviewAtCreation(body);
        if (review === undefined) return;
        if (!can(recordPolicy, 'canManage', actor, state.facts)) throw permissionDenied();
        // Read again on the transaction, and held: a community gone since the check refuses.
        const held = (idOrSlug: string) => communityHeld(tx, idOrSlug);
        const community = await chosenCommunity(actor, review, undefined, held, true);
        const { document } = state;
        if (community.visibility === 'restricted' && document.access.record === 'public') {
          const access = { ...document.access, record: 'restricted', files: 'restricted' };
          await unit.repo.updateDraft(draftId, { ...document, access });
        }
        await newReview(tx, actor, draftId, document.metadata.title, community);
      },
      checkPublish(_draftId, viaReview, state) {
        if (viaReview) return;
        if (state.review?.status === 'submitted')
          throw new DomainError('invalid', 'reviewOpenNoPublish');
      },
      async onPublish(tx, draftId) {
        // Publishing without the community drops the review that was never submitted.
        const review = await currentReview(draftId, tx);
        if (review?.status === 'created') await deps.requests.remove(review.id, tx);
      },
      checkDeleteDraft(_draftId, state) {
        if (state.review?.status === 'submitted')
          throw new DomainError('invalid', 'reviewOpenNoDeleteDraft');
      },
      async onDeleteDraft(tx, draftId, { unit, recordDeleted }) {
        const review = await currentReview(draftId, tx);
        if (review?.status === 'created') await deps.requests.remove(review.id, tx);
        // Its record deleted, a review still open is cancelled by the system, in the same commit.
        if (review?.status === 'submitted' && recordDeleted) {
          await deps.requests.actWithin(unit, review, 'cancel');
        }
      },
      async onDeleteRecord(tx, recordId, { unit }) {
        // Communities asked to include the deleted record: nothing left to include.
        for (const request of await openInclusionRows(tx, recordId)) {
          await deps.requests.actWithin(unit, request, 'cancel');
        }
      },
    } satisfies RecordComponent,
  };
  return service;
}

export type ReviewService = ReturnType<typeof createReviewService>;
