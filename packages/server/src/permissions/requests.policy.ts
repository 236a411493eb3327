import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { requests } from '../db/schema.requests.ts';
import { CURATING_ROLES, MANAGING_ROLES } from './community-roles.ts';
import type { RecordFacts } from './records.policy.ts';
import {
  Administrator,
  AuthenticatedUser,
  SystemProcess,
  type Actor,
  type Generator,
} from './policy.ts';
import { GuestTokenHolder, RecordManagers } from './access-requests.policy.ts';
import { QuotaModerators } from './quota-requests.policy.ts';

/** What a request permission looks at. */
export interface RequestFacts {
  id: string;
  creator: { type: string; id: string };
  receiver: { type: string; id: string } | null;
  /** For requests about a record, if its type loads them: the record's permission facts. */
  topic?: RecordFacts | null;
  status: string;
}

/** The facts of no request in particular, for actions on the whole collection. */
export const ANY_REQUEST: RequestFacts = {
  id: '',
  creator: { type: '', id: '' },
  receiver: null,
  status: '',
};

/** A rule of the requests policy; its SQL condition is on `requests`. */
export type RequestGenerator = Generator<RequestFacts>;

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

/** The managers of the community that made the request (its invitations). */
export const CommunityInviters: RequestGenerator = {
  name: 'CommunityInviters',
  allows: (actor, request) =>
    request.creator.type === 'community' &&
    (actor.communities ?? []).some(
      (m) => m.id === request.creator.id && MANAGING_ROLES.includes(m.role),
    ),
  filter: (actor) => {
    const managed = (actor.communities ?? [])
      .filter((m) => MANAGING_ROLES.includes(m.role))
      .map((m) => m.id);
    return managed.length === 0
      ? undefined
      : and(eq(requests.creatorType, 'community'), inArray(requests.creatorId, managed));
  },
};

/**
 * Administrators, who decide record deletion requests (they have no receiver):
 * those requests are in every administrator's list once submitted.
 */
export const DeletionModerators: RequestGenerator = {
  name: 'DeletionModerators',
  allows: (actor) => actor.identity.isAdmin,
  filter: (actor) =>
    actor.identity.isAdmin
      ? sql`(${requests.type} = 'record-deletion' AND ${requests.status} <> 'created')`
      : undefined,
};

export { SystemProcess };

/**
 * Who may read and comment on requests. Who may run each action is decided
 * by the request's type (services/requests/types.ts), with these generators.
 */
export const requestPolicy = {
  /** "My requests" as a list: a signed-in user's own. */
  canSearchMine: [AuthenticatedUser],
  canRead: [
    RequestCreator,
    RequestReceiver,
    CommunityInviters,
    RecordManagers,
    GuestTokenHolder,
    Administrator,
    SystemProcess,
  ],
  canComment: [
    RequestCreator,
    RequestReceiver,
    CommunityInviters,
    RecordManagers,
    GuestTokenHolder,
    Administrator,
  ],
  /** Who decides a request is told who made it, whatever that person's profile hides. */
  canNameCreator: [RequestReceiver, Administrator, SystemProcess],
  /** "My requests": those I made and those I decide. */
  canListAsMine: [
    RequestCreator,
    RequestReceiver,
    RecordManagers,
    DeletionModerators,
    QuotaModerators,
  ],
  /** Title, description and payload; the type says in which statuses (created by default). */
  canUpdate: [RequestCreator],
  /** Only a request never submitted can be deleted (services/requests). */
  canDelete: [RequestCreator],
} satisfies Record<string, readonly RequestGenerator[]>;

export type RequestAction = keyof typeof requestPolicy;
