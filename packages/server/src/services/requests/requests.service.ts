import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { requestEvents, requests } from '../../db/schema.requests.ts';
import { DomainError, notFound, permissionDenied, validationFailed } from '../errors.ts';
import { sanitizeHtml } from '../html.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import { system } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import {
  canOnRequest,
  requestFilter,
  type RequestFacts,
} from '../../permissions/requests.policy.ts';
import type { RequestEvents } from './events.ts';
import {
  OPEN_STATUSES,
  REQUEST_ACTIONS,
  type RequestActionName,
  type RequestRow,
  type RequestStatus,
  type RequestTypeRegistry,
} from './types.ts';

export const EXPIRE_REQUEST_JOB = 'expire-request';
export type EventRow = typeof requestEvents.$inferSelect;

export const systemActor: Actor = { identity: system, groups: [], links: [] };

/** A request with what the current actor may do with it now. */
export interface RequestView {
  row: RequestRow;
  actions: RequestActionName[];
  canComment: boolean;
}

/** A timeline event with what the current actor may do with it. */
export interface EventView {
  row: EventRow;
  /** Replies to a comment, oldest first (none on a reply: replies do not nest). */
  children: Omit<EventView, 'children'>[];
  canUpdate: boolean;
  canDelete: boolean;
  canReply: boolean;
}

export interface RequestSearchParams {
  q?: string | undefined;
  type?: string[] | undefined;
  status?: string[] | undefined;
  isOpen?: boolean | undefined;
  sort: 'newest' | 'oldest' | 'bestmatch';
  page: number;
  size: number;
  createdBy?: Reference | undefined;
  receiver?: Reference | undefined;
  topic?: Reference | undefined;
  /** true: requests I may read but did not make; false: those I made. */
  sharedWithMe?: boolean | undefined;
}

/** An entity a request points at, e.g. `{ type: 'user', id: '1' }`. */
export interface Reference {
  type: string;
  id: string;
}

/** Fields the creator may change (API.md §4.3, `PUT /api/requests/{id}`). */
export interface RequestChanges {
  title?: string | undefined;
  description?: string | undefined;
  payload?: Record<string, unknown> | undefined;
}

const MAX_COMMENT_LENGTH = 100_000;

export function factsOfRequest(row: RequestRow): RequestFacts {
  return {
    id: row.id,
    creator: { type: row.creatorType, id: row.creatorId },
    receiver:
      row.receiverType && row.receiverId ? { type: row.receiverType, id: row.receiverId } : null,
    status: row.status,
  };
}

/** The generic requests API (API.md §4.3): types, actions, timeline. */
export function createRequestService(deps: {
  db: Database;
  types: RequestTypeRegistry;
  events: RequestEvents;
  /** Days an open request waits before it expires; 0: never. */
  expiryDays: number;
}) {
  const { db, types, events } = deps;

  async function row(id: string, database: Database = db): Promise<RequestRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const [found] = await database.select().from(requests).where(eq(requests.id, id));
    return found;
  }

  /** What the permissions look at: the row, plus what its type adds (e.g. a record's managers). */
  async function factsFor(request: RequestRow): Promise<RequestFacts> {
    const extra = await types.get(request.type)?.facts?.(request);
    return { ...factsOfRequest(request), ...extra };
  }

  function allowedActions(
    actor: Actor,
    request: RequestRow,
    facts: RequestFacts,
  ): RequestActionName[] {
    const type = types.get(request.type);
    if (!type) return [];
    return REQUEST_ACTIONS.filter((name) => {
      const rule = type.actions[name];
      return (
        rule !== undefined &&
        rule.from.includes(request.status as RequestStatus) &&
        rule.who.some((generator) => generator.allows(actor, facts))
      );
    });
  }

  async function viewOf(actor: Actor, request: RequestRow): Promise<RequestView> {
    const facts = await factsFor(request);
    return {
      row: request,
      actions: allowedActions(actor, request, facts),
      canComment: canOnRequest('canComment', actor, facts),
    };
  }

  async function readable(actor: Actor, id: string): Promise<RequestRow> {
    const found = await row(id);
    if (!found) throw notFound();
    if (!canOnRequest('canRead', actor, await factsFor(found))) throw permissionDenied();
    return found;
  }

  const authorOf = (actor: Actor) => actor.identity.userId;

  /** Comments are HTML for every client: stored sanitised, and empty once sanitised is empty. */
  function checkContent(content: unknown): string {
    if (typeof content === 'string' && content.length > MAX_COMMENT_LENGTH) {
      throw new DomainError('invalid', 'validation', {
        errors: [{ field: 'payload.content', messages: ['tooLong'] }],
      });
    }
    const html = typeof content === 'string' ? sanitizeHtml(content) : '';
    if (html === '') {
      throw new DomainError('invalid', 'validation', {
        errors: [{ field: 'payload.content', messages: ['required'] }],
      });
    }
    return html;
  }

  async function eventView(actor: Actor, request: RequestRow, event: EventRow): Promise<EventView> {
    const children =
      event.parentId === null
        ? await db
            .select()
            .from(requestEvents)
            .where(eq(requestEvents.parentId, event.id))
            .orderBy(asc(requestEvents.createdAt))
        : [];
    const commenter = canOnRequest('canComment', actor, await factsFor(request));
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

  async function commentOf(actor: Actor, requestId: string, eventId: string) {
    const request = await readable(actor, requestId);
    if (!/^[0-9a-f-]{36}$/i.test(eventId)) throw notFound();
    const [event] = await db
      .select()
      .from(requestEvents)
      .where(and(eq(requestEvents.id, eventId), eq(requestEvents.requestId, request.id)));
    if (!event) throw notFound();
    return { request, event };
  }

  const service = {
    /** A new request in status `created` (used by the features that own each type). */
    async create(
      values: {
        type: string;
        title: string;
        topic: { type: string; id: string } | null;
        receiver: { type: string; id: string } | null;
        creator: { type: string; id: string };
        payload?: Record<string, unknown>;
      },
      database: Database = db,
    ): Promise<RequestRow> {
      if (!types.get(values.type)) throw new DomainError('invalid', 'invalidRequestType');
      const [created] = await database
        .insert(requests)
        .values({
          type: values.type,
          title: values.title,
          topicType: values.topic?.type ?? null,
          topicId: values.topic?.id ?? null,
          receiverType: values.receiver?.type ?? null,
          receiverId: values.receiver?.id ?? null,
          creatorType: values.creator.type,
          creatorId: values.creator.id,
          payload: values.payload ?? {},
        })
        .returning();
      return created!;
    },

    /** Removes a request that was never submitted, or whose owner replaced it. */
    async remove(id: string, database: Database = db): Promise<void> {
      await database.delete(requests).where(eq(requests.id, id));
      await createJobQueue(database, {}).cancel(`request-expiry:${id}`);
    },

    row,
    viewOf,

    async read(actor: Actor, id: string): Promise<RequestView> {
      return viewOf(actor, await readable(actor, id));
    },

    /** Requests the actor may read (`mine`: those they made or decide). */
    async search(actor: Actor, params: RequestSearchParams & { mine?: boolean }) {
      const me = actor.identity.userId === null ? null : String(actor.identity.userId);
      const madeByMe =
        me === null
          ? sql`FALSE`
          : and(eq(requests.creatorType, 'user'), eq(requests.creatorId, me));
      const conditions: (SQL | undefined)[] = [
        // The policy filter first: a search never lists what a read would refuse.
        requestFilter(params.mine ? 'canListAsMine' : 'canRead', actor),
        params.createdBy &&
          and(
            eq(requests.creatorType, params.createdBy.type),
            eq(requests.creatorId, params.createdBy.id),
          ),
        params.receiver &&
          and(
            eq(requests.receiverType, params.receiver.type),
            eq(requests.receiverId, params.receiver.id),
          ),
        params.topic &&
          and(eq(requests.topicType, params.topic.type), eq(requests.topicId, params.topic.id)),
        params.sharedWithMe === undefined
          ? undefined
          : params.sharedWithMe
            ? sql`NOT ${madeByMe}`
            : madeByMe,
        params.type?.length ? inArray(requests.type, params.type) : undefined,
        params.status?.length ? inArray(requests.status, params.status) : undefined,
        params.isOpen === undefined
          ? undefined
          : params.isOpen
            ? inArray(requests.status, [...OPEN_STATUSES])
            : sql`${requests.status} NOT IN ('submitted')`,
        params.q ? ilike(requests.title, `%${params.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      ];
      const where = and(...conditions);
      const order =
        params.sort === 'oldest'
          ? [asc(requests.createdAt), asc(requests.number)]
          : [desc(requests.createdAt), desc(requests.number)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(requests)
          .where(where)
          .orderBy(...order)
          .limit(params.size)
          .offset((params.page - 1) * params.size),
        db.select({ n: count() }).from(requests).where(where),
      ]);
      return {
        hits: await Promise.all(rows.map((r) => viewOf(actor, r))),
        total: total?.n ?? 0,
      };
    },

    /**
     * Runs an action: checks the status and the actor against the type's
     * rule, then commits the new status, a log event and the optional comment
     * together with the type's effect; listeners hear of it after commit.
     */
    async act(
      actor: Actor,
      id: string,
      action: RequestActionName,
      comment?: string,
    ): Promise<RequestView> {
      const request = actor.identity.isSystem ? await row(id) : await readable(actor, id);
      if (!request) throw notFound();
      const type = types.get(request.type);
      const rule = type?.actions[action];
      if (!type || !rule)
        throw new DomainError('invalid', 'invalidRequestAction', { params: { action } });
      if (!rule.from.includes(request.status as RequestStatus)) {
        throw new DomainError('invalid', 'requestActionNotPossible', {
          params: { action, status: request.status },
        });
      }
      const facts = await factsFor(request);
      if (!rule.who.some((generator) => generator.allows(actor, facts))) {
        throw permissionDenied();
      }
      const content = comment === undefined ? undefined : checkContent(comment);
      const apply = async (tx: Database) => {
        const now = new Date();
        const expires =
          rule.to === 'submitted' && type.expires && deps.expiryDays > 0
            ? new Date(now.getTime() + deps.expiryDays * 86_400_000)
            : null;
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
        await tx.insert(requestEvents).values({
          requestId: request.id,
          type: 'L',
          createdBy: authorOf(actor),
          payload: { event: rule.to, content: '', format: 'html' },
          // A log follows its comment in the timeline.
          createdAt: new Date(now.getTime() + 1),
          updatedAt: now,
        });
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
      const effect = type.effects?.[action];
      if (effect) await effect({ request, actor, apply });
      else await db.transaction(apply);
      const updated = (await row(request.id))!;
      await events.emit({
        kind: 'action',
        action,
        request: updated,
        actor,
        ...(content === undefined ? {} : { comment: content }),
      });
      return viewOf(actor, updated);
    },

    /** Edits title, description or the payload keys its type allows, by its creator. */
    async update(actor: Actor, id: string, changes: RequestChanges): Promise<RequestView> {
      const request = await readable(actor, id);
      const type = types.get(request.type);
      if (!canOnRequest('canUpdate', actor, await factsFor(request))) throw permissionDenied();
      const editableIn = type?.editableIn ?? ['created'];
      if (!editableIn.includes(request.status as RequestStatus)) {
        throw new DomainError('invalid', 'requestNotEditable', {
          params: { status: request.status },
        });
      }
      const editable = type?.editablePayload ?? {};
      const errors = Object.entries(changes.payload ?? {})
        .filter(([key, value]) => !editable[key]?.(value))
        .map(([key]) => ({
          field: `payload.${key}`,
          messages: [key in editable ? 'invalid' : 'payloadNotEditable'],
        }));
      if (errors.length > 0) throw validationFailed(errors);
      const [updated] = await db
        .update(requests)
        .set({
          ...(changes.title === undefined ? {} : { title: changes.title }),
          ...(changes.description === undefined ? {} : { description: changes.description }),
          ...(changes.payload === undefined
            ? {}
            : { payload: { ...request.payload, ...changes.payload } }),
          updatedAt: new Date(),
          revisionId: sql`${requests.revisionId} + 1`,
        })
        // Only the status it was read in: a submit racing this edit wins alone.
        .where(and(eq(requests.id, request.id), eq(requests.status, request.status)))
        .returning();
      if (!updated) {
        throw new DomainError('invalid', 'requestNotEditable', {
          params: { status: request.status },
        });
      }
      return viewOf(actor, updated);
    },

    /** Deletes a request its creator never submitted. */
    async delete(actor: Actor, id: string): Promise<void> {
      const request = await readable(actor, id);
      if (!canOnRequest('canDelete', actor, await factsFor(request))) throw permissionDenied();
      if (request.status !== 'created') {
        throw new DomainError('invalid', 'requestNotDeletable', {
          params: { status: request.status },
        });
      }
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(requests)
          .where(and(eq(requests.id, request.id), eq(requests.status, 'created')))
          .returning({ id: requests.id });
        if (!deleted) {
          throw new DomainError('invalid', 'requestNotDeletable', {
            params: { status: request.status },
          });
        }
        await createJobQueue(tx, {}).cancel(`request-expiry:${request.id}`);
      });
    },

    /** The expiry job: an open request past its date becomes expired. */
    async expire(id: string, now = new Date()): Promise<'expired' | 'not-due' | 'none'> {
      const request = await row(id);
      if (!request || !OPEN_STATUSES.includes(request.status as RequestStatus)) return 'none';
      if (request.expiresAt && request.expiresAt > now) return 'not-due';
      await service.act(systemActor, id, 'expire');
      return 'expired';
    },

    async addComment(
      actor: Actor,
      id: string,
      content: unknown,
      parentId?: string,
    ): Promise<EventView> {
      const request = await readable(actor, id);
      if (!canOnRequest('canComment', actor, await factsFor(request))) throw permissionDenied();
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
      await events.emit({ kind: 'comment', request, actor, content: text });
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
      const { event } = await commentOf(actor, id, focusEventId);
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
      return { page, ...(await service.timeline(actor, id, page, size, newestFirst)) };
    },

    /** Top-level events oldest first, each with its replies. */
    async timeline(actor: Actor, id: string, page: number, size: number, newestFirst: boolean) {
      const request = await readable(actor, id);
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
        hits: await Promise.all(rows.map((r) => eventView(actor, request, r))),
        total: total?.n ?? 0,
      };
    },
  };
  return service;
}

export type RequestService = ReturnType<typeof createRequestService>;
