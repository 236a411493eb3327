import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { requestEvents } from '../../db/schema.requests.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { notFound } from '../errors.ts';
import type { EventViews } from './event-view.ts';
import type { RequestKit } from './kit.ts';

/** A request's timeline: its top-level events by page, each with its replies. */
export function timelineOperations(kit: RequestKit, views: EventViews) {
  const { db } = kit;

  /** Top-level events oldest first, each with its replies. */
  async function timeline(
    actor: Actor,
    id: string,
    page: number,
    size: number,
    newestFirst: boolean,
  ) {
    const request = await kit.readable(actor, id);
    const where = and(eq(requestEvents.requestId, request.id), isNull(requestEvents.parentId));
    const order = newestFirst
      ? [desc(requestEvents.createdAt), desc(requestEvents.id)]
      : [asc(requestEvents.createdAt), asc(requestEvents.id)];
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(requestEvents)
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset((page - 1) * size),
      db.select({ n: count() }).from(requestEvents).where(where),
    ]);
    return {
      hits: await Promise.all(rows.map((r) => views.eventView(actor, request, r))),
      total: total?.n ?? 0,
      namedCreator: (await kit.viewOf(actor, request)).namedCreator,
    };
  }

  return {
    timeline,

    /**
     * The timeline page that holds an event (a reply: its parent comment), so
     * a link to a comment opens where it is.
     */
    async timelineFocused(
      actor: Actor,
      id: string,
      focusEventId: string,
      size: number,
      newestFirst: boolean,
    ) {
      const { event } = await views.commentOf(actor, id, focusEventId);
      const [focus] =
        event.parentId === null
          ? [event]
          : await db.select().from(requestEvents).where(eq(requestEvents.id, event.parentId));
      if (!focus) throw notFound();
      // Events before it in the timeline's order, (created, id) as `timeline` sorts; the
      // database compares its own timestamps, which are finer than a JavaScript Date.
      const focusKey = sql`(SELECT created_at, id FROM request_events WHERE id = ${focus.id}::uuid)`;
      const before = newestFirst
        ? sql`(${requestEvents.createdAt}, ${requestEvents.id}) > ${focusKey}`
        : sql`(${requestEvents.createdAt}, ${requestEvents.id}) < ${focusKey}`;
      const [position] = await db
        .select({ n: count() })
        .from(requestEvents)
        .where(
          and(eq(requestEvents.requestId, focus.requestId), isNull(requestEvents.parentId), before),
        );
      const page = Math.floor((position?.n ?? 0) / size) + 1;
      return { page, ...(await timeline(actor, id, page, size, newestFirst)) };
    },
  };
}
