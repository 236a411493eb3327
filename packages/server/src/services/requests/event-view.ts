import { and, asc, eq } from 'drizzle-orm';
import { requestEvents } from '../../db/schema.requests.ts';
import { can } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { requestPolicy } from '../../permissions/requests.policy.ts';
import { notFound } from '../errors.ts';
import { authorOf, type RequestKit } from './kit.ts';
import type { RequestRow } from './types.ts';

export type EventRow = typeof requestEvents.$inferSelect;

/** A timeline event with what the current actor may do with it. */
export interface EventView {
  row: EventRow;
  /** Replies to a comment, oldest first (none on a reply: replies do not nest). */
  children: Omit<EventView, 'children'>[];
  canUpdate: boolean;
  canDelete: boolean;
  canReply: boolean;
}

/** Timeline events as the actor sees them, shared by comments and the timeline. */
export function createEventViews(kit: RequestKit) {
  const { db } = kit;

  async function eventView(actor: Actor, request: RequestRow, event: EventRow): Promise<EventView> {
    const children =
      event.parentId === null
        ? await db
            .select()
            .from(requestEvents)
            .where(eq(requestEvents.parentId, event.id))
            .orderBy(asc(requestEvents.createdAt))
        : [];
    const commenter = can(requestPolicy, 'canComment', actor, await kit.factsFor(request));
    const abilities = (row: EventRow) => {
      const own = row.type === 'C' && row.createdBy !== null && row.createdBy === authorOf(actor);
      return {
        row,
        canUpdate: own,
        canDelete: row.type === 'C' && (own || actor.identity.isAdmin),
        canReply: commenter && row.type === 'C' && row.parentId === null,
      };
    };
    return { ...abilities(event), children: children.map(abilities) };
  }

  /** An event of a request the actor may read; unknown: not found. */
  async function commentOf(actor: Actor, requestId: string, eventId: string) {
    const request = await kit.readable(actor, requestId);
    if (!kit.isUuid(eventId)) throw notFound();
    const [event] = await db
      .select()
      .from(requestEvents)
      .where(and(eq(requestEvents.id, eventId), eq(requestEvents.requestId, request.id)));
    if (!event) throw notFound();
    return { request, event };
  }

  return { eventView, commentOf };
}

export type EventViews = ReturnType<typeof createEventViews>;
