import { and, asc, count, desc, eq, ilike, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { requests } from '../../db/schema.requests.ts';
import { can, filter } from '../../permissions/policy.ts';
import { permissionDenied } from '../errors.ts';
import { checkWindow } from '../pagination.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { ANY_REQUEST, requestPolicy } from '../../permissions/requests.policy.ts';
import type { Reference } from './create.ts';
import type { RequestKit } from './kit.ts';
import { OPEN_STATUSES } from './types.ts';

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

/** The SQL conditions of a search, the policy's filter first. */
function conditionsOf(actor: Actor, params: RequestSearchParams & { mine?: boolean }) {
  const me = actor.identity.userId === null ? null : String(actor.identity.userId);
  const madeByMe =
    me === null ? sql`FALSE` : and(eq(requests.creatorType, 'user'), eq(requests.creatorId, me));
  const is = (reference: Reference | undefined, type: Column, id: Column) =>
    reference && and(eq(type, reference.type), eq(id, reference.id));
  const conditions: (SQL | undefined)[] = [
    // The policy filter first: a search never lists what a read would refuse.
    filter(requestPolicy, params.mine ? 'canListAsMine' : 'canRead', actor),
    is(params.createdBy, requests.creatorType, requests.creatorId),
    is(params.receiver, requests.receiverType, requests.receiverId),
    is(params.topic, requests.topicType, requests.topicId),
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
  return and(...conditions);
}

/** Requests the actor may read (`mine`: those they made or decide). */
export function searchOperation(kit: RequestKit) {
  return async (actor: Actor, params: RequestSearchParams & { mine?: boolean }) => {
    if (params.mine && !can(requestPolicy, 'canSearchMine', actor, ANY_REQUEST))
      throw permissionDenied();
    checkWindow(params.page, params.size);
    const where = conditionsOf(actor, params);
    const order =
      params.sort === 'oldest'
        ? [asc(requests.createdAt), asc(requests.number)]
        : [desc(requests.createdAt), desc(requests.number)];
    const [rows, [total]] = await Promise.all([
      kit.db
        .select()
        .from(requests)
        .where(where)
        .orderBy(...order)
        .limit(params.size)
        .offset((params.page - 1) * params.size),
      kit.db.select({ n: count() }).from(requests).where(where),
    ]);
    return {
      hits: await Promise.all(rows.map((r) => kit.viewOf(actor, r))),
      total: total?.n ?? 0,
    };
  };
}
