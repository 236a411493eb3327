import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { requests } from '../db/schema.requests.ts';
import { CURATING_ROLES } from './community-roles.ts';
import type { Actor } from './records.policy.ts';
import { GuestTokenHolder, RecordManagers } from './access-requests.policy.ts';

/** What a request permission looks at. */
export interface RequestFacts {
  id: string;
  creator: { type: string; id: string };
  receiver: { type: string; id: string } | null;
  /** For requests about a record: who manages it (owner, `manage` grantees), if its type loads them. */
  topicManagers?: { users: string[]; groups: string[] };
  status: string;
}

export interface RequestGenerator {
  readonly name: string;
  allows(actor: Actor, request: RequestFacts): boolean;
  /** The requests it allows, as SQL on `requests`; undefined: none. */
  filter(actor: Actor): SQL | undefined;
}

const userId = (actor: Actor) =>
  actor.identity.userId === null ? null : String(actor.identity.userId);

/** The user who made the request. */
export const RequestCreator: RequestGenerator = {
  name: 'RequestCreator',
  allows: (actor, request) =>
    request.creator.type === 'user' && request.creator.id === userId(actor),
  filter: (actor) => {
    const id = userId(actor);
    return id === null
      ? undefined
      : and(eq(requests.creatorType, 'user'), eq(requests.creatorId, id));
  },
};

/**
 * Whoever decides: the user, a member of the group, or a curator of the
 * community; once the request was submitted (a request being prepared is its creator's).
 */
export const RequestReceiver: RequestGenerator = {
  name: 'RequestReceiver',
  allows: (actor, request) => {
    const receiver = request.receiver;
    if (!receiver || request.status === 'created') return false;
    switch (receiver.type) {
      case 'user':
        return receiver.id === userId(actor);
      case 'group':
        return actor.groups.includes(receiver.id);
      case 'community':
        return (actor.communities ?? []).some(
          (m) => m.id === receiver.id && CURATING_ROLES.includes(m.role),
        );
      default:
        return false;
    }
  },
  filter: (actor) => {
    const id = userId(actor);
    const curated = (actor.communities ?? [])
      .filter((m) => CURATING_ROLES.includes(m.role))
      .map((m) => m.id);
    const conditions = [
      id === null ? undefined : and(eq(requests.receiverType, 'user'), eq(requests.receiverId, id)),
      actor.groups.length === 0
        ? undefined
        : and(eq(requests.receiverType, 'group'), inArray(requests.receiverId, actor.groups)),
      curated.length === 0
        ? undefined
        : and(eq(requests.receiverType, 'community'), inArray(requests.receiverId, curated)),
    ].filter((c): c is SQL => c !== undefined);
    return conditions.length === 0
      ? undefined
      : sql`(${requests.status} <> 'created' AND (${sql.join(conditions, sql` OR `)}))`;
  },
};

const Administrator: RequestGenerator = {
  name: 'Administrator',
  allows: (actor) => actor.identity.isAdmin,
  filter: (actor) => (actor.identity.isAdmin ? sql`TRUE` : undefined),
};

export const SystemProcess: RequestGenerator = {
  name: 'SystemProcess',
  allows: (actor) => actor.identity.isSystem,
  filter: (actor) => (actor.identity.isSystem ? sql`TRUE` : undefined),
};

/**
 * Who may read and comment on requests. Who may run each action is decided
 * by the request's type (services/requests/types.ts), with these generators.
 */
export const requestPolicy = {
  canRead: [
    RequestCreator,
    RequestReceiver,
    RecordManagers,
    GuestTokenHolder,
    Administrator,
    SystemProcess,
  ],
  canComment: [RequestCreator, RequestReceiver, RecordManagers, GuestTokenHolder, Administrator],
  /** "My requests": those I made and those I decide. */
  canListAsMine: [RequestCreator, RequestReceiver, RecordManagers],
  /** Title, description and payload; the type says in which statuses (created by default). */
  canUpdate: [RequestCreator],
  /** Only a request never submitted can be deleted (services/requests). */
  canDelete: [RequestCreator],
} satisfies Record<string, readonly RequestGenerator[]>;

export type RequestAction = keyof typeof requestPolicy;

export function canOnRequest(action: RequestAction, actor: Actor, request: RequestFacts): boolean {
  return requestPolicy[action].some((generator) => generator.allows(actor, request));
}

export function requestFilter(action: RequestAction, actor: Actor): SQL {
  const conditions = requestPolicy[action]
    .map((generator) => generator.filter(actor))
    .filter((condition): condition is SQL => condition !== undefined);
  if (conditions.length === 0) return sql`FALSE`;
  return sql`(${sql.join(conditions, sql` OR `)})`;
}
