import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { requestEvents, requests } from '../../db/schema.requests.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, notFound, permissionDenied } from '../errors.ts';
import {
  EXPIRE_REQUEST_JOB,
  authorOf,
  checkContent,
  factsOfRequest,
  mayRun,
  systemActor,
  type RequestKit,
  type RequestView,
} from './kit.ts';
import {
  OPEN_STATUSES,
  type ActionRule,
  type RequestActionName,
  type RequestRow,
  type RequestStatus,
} from './types.ts';

/**
 * The new status, its log event and the optional comment, and the expiry job
 * queued or cancelled: what an action stores, inside whichever transaction runs it.
 */
function applier(
  kit: RequestKit,
  actor: Actor,
  request: RequestRow,
  action: RequestActionName,
  rule: ActionRule,
  content: string | undefined,
) {
  const expiring = rule.to === 'submitted' && kit.types.get(request.type)?.expires === true;
  return async (tx: Database) => {
    const now = new Date();
    const expires =
      expiring && kit.expiryDays > 0 ? new Date(now.getTime() + kit.expiryDays * 86_400_000) : null;
    // Only the status it was read in may change: two curators acting at once cannot both win.
    const [changed] = await tx
      .update(requests)
      .set({
        status: rule.to,
        expiresAt: expires,
        updatedAt: now,
        revisionId: sql`${requests.revisionId} + 1`,
      })
      .where(and(eq(requests.id, request.id), eq(requests.status, request.status)))
      .returning({ id: requests.id });
    if (!changed) {
      throw new DomainError('invalid', 'requestActionNotPossible', {
        params: { action, status: request.status },
      });
    }
    if (content !== undefined) {
      await tx.insert(requestEvents).values({
        requestId: request.id,
        type: 'C',
        createdBy: authorOf(actor),
        payload: { content, format: 'html' },
        createdAt: now,
        updatedAt: now,
      });
    }
    // Submitting logs nothing (InvenioRDM's SubmitAction: log_event = False); the others do.
    if (action !== 'submit') {
      await tx.insert(requestEvents).values({
        requestId: request.id,
        type: 'L',
        createdBy: authorOf(actor),
        payload: { event: rule.to, content: '', format: 'html' },
        // A log follows its comment in the timeline.
        createdAt: new Date(now.getTime() + 1),
        updatedAt: now,
      });
    }
    const jobs = createJobQueue(tx, {});
    if (expires) {
      await jobs.enqueue({
        kind: EXPIRE_REQUEST_JOB,
        key: `request-expiry:${request.id}`,
        runAt: expires,
        payload: { requestId: request.id },
      });
    } else {
      await jobs.cancel(`request-expiry:${request.id}`);
    }
  };
}

/** The actions (submit, accept, decline, cancel, expire) and the expiry job that runs one. */
export function actOperations(kit: RequestKit) {
  /**
   * Runs an action: checks the status and the actor against the type's
   * rule, then commits the new status, a log event and the optional comment
   * together with the type's effect; listeners hear of it after commit.
   */
  async function act(
    actor: Actor,
    id: string,
    action: RequestActionName,
    comment?: string,
  ): Promise<RequestView> {
    const request = actor.identity.isSystem ? await kit.row(id) : await kit.readable(actor, id);
    if (!request) throw notFound();
    const type = kit.types.get(request.type);
    const rule = type?.actions[action];
    if (!type || !rule)
      throw new DomainError('invalid', 'invalidRequestAction', { params: { action } });
    if (!rule.from.includes(request.status as RequestStatus)) {
      throw new DomainError('invalid', 'requestActionNotPossible', {
        params: { action, status: request.status },
      });
    }
    if (!mayRun(rule, actor, await kit.factsFor(request))) throw permissionDenied();
    const content = comment === undefined ? undefined : checkContent(comment);
    const apply = applier(kit, actor, request, action, rule, content);
    const effect = type.effects?.[action];
    if (effect) await effect({ request, actor, apply });
    else await kit.db.transaction(apply);
    const updated = (await kit.row(request.id))!;
    await kit.events.emit({
      kind: 'action',
      action,
      request: updated,
      actor,
      ...(content === undefined ? {} : { comment: content }),
    });
    return kit.viewOf(actor, updated);
  }

  /**
   * The system runs an action inside the caller's transaction (a record's deletion
   * cancels the open requests about it in its own commit); listeners hear of it
   * after that commit. A request its type gives no such action from its status is left.
   */
  async function actWithin(
    unit: { tx: Database; afterCommit(work: () => Promise<void>): void },
    request: RequestRow,
    action: RequestActionName,
  ): Promise<boolean> {
    const rule = kit.types.get(request.type)?.actions[action];
    if (!rule?.from.includes(request.status as RequestStatus)) return false;
    // The row's own facts: a type's extra facts would be read off the transaction.
    if (!mayRun(rule, systemActor, factsOfRequest(request))) return false;
    await applier(kit, systemActor, request, action, rule, undefined)(unit.tx);
    unit.afterCommit(async () => {
      const updated = await kit.row(request.id);
      if (updated)
        await kit.events.emit({ kind: 'action', action, request: updated, actor: systemActor });
    });
    return true;
  }

  return {
    act,
    actWithin,

    /** The expiry job: an open request past its date becomes expired. */
    async expire(id: string, now = new Date()): Promise<'expired' | 'not-due' | 'none'> {
      const request = await kit.row(id);
      if (!request || !OPEN_STATUSES.includes(request.status as RequestStatus)) return 'none';
      if (request.expiresAt && request.expiresAt > now) return 'not-due';
      await act(systemActor, id, 'expire');
      return 'expired';
    },
  };
}
