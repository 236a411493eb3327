import { asc, eq, sql } from 'drizzle-orm';
import { requestEvents } from '../../db/schema.requests.ts';
import { can } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { requestPolicy } from '../../permissions/requests.policy.ts';
import { DomainError, permissionDenied } from '../errors.ts';
import type { EventView, EventViews } from './event-view.ts';
import { authorOf, checkContent, type RequestKit } from './kit.ts';

/** Comments on a request and their replies (API.md §4.3, timeline). */
export function commentOperations(kit: RequestKit, views: EventViews) {
  const { db } = kit;
  const { eventView, commentOf } = views;
  return {
    async addComment(
      actor: Actor,
      id: string,
      content: unknown,
      parentId?: string,
    ): Promise<EventView> {
      const request = await kit.readable(actor, id);
      if (!can(requestPolicy, 'canComment', actor, await kit.factsFor(request))) {
        throw permissionDenied();
      }
      const text = checkContent(content);
      if (parentId !== undefined) {
        const { event: parent } = await commentOf(actor, id, parentId);
        if (parent.type !== 'C' || parent.parentId !== null) {
          throw new DomainError('invalid', 'cannotReply');
        }
      }
      const [event] = await db
        .insert(requestEvents)
        .values({
          requestId: request.id,
          type: 'C',
          createdBy: authorOf(actor),
          payload: { content: text, format: 'html' },
          parentId: parentId ?? null,
        })
        .returning();
      await kit.events.emit({ kind: 'comment', request, actor, content: text });
      return eventView(actor, request, event!);
    },

    async readComment(actor: Actor, id: string, eventId: string): Promise<EventView> {
      const { request, event } = await commentOf(actor, id, eventId);
      return eventView(actor, request, event);
    },

    async updateComment(
      actor: Actor,
      id: string,
      eventId: string,
      content: unknown,
    ): Promise<EventView> {
      const { request, event } = await commentOf(actor, id, eventId);
      const current = await eventView(actor, request, event);
      if (!current.canUpdate) throw permissionDenied();
      const [updated] = await db
        .update(requestEvents)
        .set({
          payload: { content: checkContent(content), format: 'html' },
          updatedAt: new Date(),
          revisionId: sql`${requestEvents.revisionId} + 1`,
        })
        .where(eq(requestEvents.id, event.id))
        .returning();
      return eventView(actor, request, updated!);
    },

    /** A deleted comment leaves a log in its place, so replies and the timeline stay readable. */
    async deleteComment(actor: Actor, id: string, eventId: string): Promise<void> {
      const { request, event } = await commentOf(actor, id, eventId);
      const current = await eventView(actor, request, event);
      if (!current.canDelete) throw permissionDenied();
      await db
        .update(requestEvents)
        .set({
          type: 'L',
          payload: { event: 'comment_deleted', content: '', format: 'html' },
          updatedAt: new Date(),
          revisionId: sql`${requestEvents.revisionId} + 1`,
        })
        .where(eq(requestEvents.id, event.id));
    },

    async replies(actor: Actor, id: string, eventId: string) {
      const { request, event } = await commentOf(actor, id, eventId);
      const rows = await db
        .select()
        .from(requestEvents)
        .where(eq(requestEvents.parentId, event.id))
        .orderBy(asc(requestEvents.createdAt));
      return Promise.all(rows.map((r) => eventView(actor, request, r)));
    },
  };
}
