import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { requests } from '../../db/schema.requests.ts';
import { DeletionModerators, RequestCreator } from '../../permissions/requests.policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError } from '../errors.ts';
import type { RequestService, RequestView } from '../requests/requests.service.ts';
import type { RequestType } from '../requests/types.ts';
import type { VocabularyService } from '../vocabularies.service.ts';
import type { RecordService } from './records.service.ts';
import type { RecordRow } from './repository.ts';
import { isDeleted, recordGone, tombstoneInput, type TombstoneInput } from './tombstone.ts';

export const RECORD_DELETION = 'record-deletion';
const DAY_MS = 86_400_000;

/** What an owner's request keeps of the asked deletion (its payload). */
interface DeletionPayload {
  removal_reason: { id: string };
  note: string;
  all_versions: boolean;
}

/** The record's deletion request that is being made or waits for a decision, if any. */
async function openDeletionRequest(db: Database, recordId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.type, RECORD_DELETION),
        eq(requests.topicType, 'record'),
        eq(requests.topicId, recordId),
        inArray(requests.status, ['created', 'submitted']),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * An owner's request to delete a record after the window (InvenioRDM 13's
 * `record-deletion`): administrators accept (the record is deleted, with the
 * owner's reason and note) or decline; the owner may cancel it.
 */
export function recordDeletionType(records: () => RecordService): RequestType {
  return {
    id: RECORD_DELETION,
    actions: {
      submit: { from: ['created'], to: 'submitted', who: [RequestCreator] },
      accept: { from: ['submitted'], to: 'accepted', who: [DeletionModerators] },
      decline: { from: ['submitted'], to: 'declined', who: [DeletionModerators] },
      cancel: { from: ['submitted'], to: 'cancelled', who: [RequestCreator] },
    },
    effects: {
      // The deletion and the status change are one commit, under the record's lock.
      accept: ({ request, actor, apply }) =>
        records().withRecordLocked(request.topicId ?? '', async ({ unit, state, remove }) => {
          const payload = request.payload as unknown as DeletionPayload;
          // Deleted meanwhile (by an administrator): the request is closed all the same.
          if (!isDeleted(state.row as RecordRow)) {
            await remove(
              { removal_reason: payload.removal_reason, note: payload.note, is_visible: true },
              actor.identity,
              { allVersions: payload.all_versions },
            );
          }
          await apply(unit.tx);
        }),
    },
  };
}

export type DeletionOutcome = { deleted: true } | { deleted: false; request: RequestView };

/** The owner's side: delete at once within the window after publication, else ask. */
export function createDeletionRequests(deps: {
  records: RecordService;
  requests: RequestService;
  vocabularies: Pick<VocabularyService, 'findMany'>;
  windowDays: number;
}) {
  return {
    async requestDeletion(
      actor: Actor,
      id: string,
      body: Record<string, unknown>,
    ): Promise<DeletionOutcome> {
      const { removal_reason, note } = await tombstoneInput(deps.vocabularies, body);
      const input: TombstoneInput = { removal_reason, note, is_visible: true };
      const allVersions = body.all_versions === true;
      const outcome = await deps.records.withRecordLocked(
        id,
        async ({ unit, state, authorize, remove }) => {
          const row = state.row as RecordRow;
          if (isDeleted(row)) throw recordGone(row);
          authorize('canRequestDeletion', actor);
          // The window counts from the first publication of this version.
          if (Date.now() - row.publishedAt.getTime() <= deps.windowDays * DAY_MS) {
            await remove(input, actor.identity, { allVersions });
            return { requestId: null };
          }
          // Under the parent's lock: of concurrent askers, one makes the request.
          if (await openDeletionRequest(unit.tx, id)) {
            throw new DomainError('invalid', 'deletionAlreadyRequested');
          }
          const title = (state.document.metadata as { title?: unknown }).title;
          const created = await deps.requests.create(
            {
              type: RECORD_DELETION,
              title: typeof title === 'string' ? title : '',
              topic: { type: 'record', id },
              receiver: null,
              creator: { type: 'user', id: String(actor.identity.userId) },
              payload: { removal_reason, note, all_versions: allVersions },
            },
            unit.tx,
          );
          return { requestId: created.id };
        },
      );
      if (outcome.requestId === null) return { deleted: true };
      try {
        const comment = note ? `<p>${escapeHtml(note)}</p>` : undefined;
        const view = await deps.requests.act(actor, outcome.requestId, 'submit', comment);
        return { deleted: false, request: view };
      } catch (error) {
        await deps.requests.remove(outcome.requestId);
        throw error;
      }
    },
  };
}

export type DeletionRequests = ReturnType<typeof createDeletionRequests>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
