import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { requests } from '../../db/schema.requests.ts';
import { DomainError, notFound, permissionDenied } from '../errors.ts';
import { sanitizeHtml } from '../html.ts';
import { can, system } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { requestPolicy, type RequestFacts } from '../../permissions/requests.policy.ts';
import type { RequestEvents } from './events.ts';
import {
  REQUEST_ACTIONS,
  type ActionRule,
  type RequestActionName,
  type RequestRow,
  type RequestStatus,
  type RequestTypeRegistry,
} from './types.ts';

export const EXPIRE_REQUEST_JOB = 'expire-request';

export const systemActor: Actor = { identity: system, groups: [], links: [] };

/** A request with what the current actor may do with it now. */
export interface RequestView {
  row: RequestRow;
  actions: RequestActionName[];
  canComment: boolean;
  /** The creator's user id when the actor may name them (the request's deciders). */
  namedCreator?: string;
}

export interface RequestServiceDeps {
  db: Database;
  types: RequestTypeRegistry;
  events: RequestEvents;
  /** Days an open request waits before it expires; 0: never. */
  expiryDays: number;
}

const MAX_COMMENT_LENGTH = 100_000;
const UUID = /^[0-9a-f-]{36}$/i;

export function factsOfRequest(row: RequestRow): RequestFacts {
  return {
    id: row.id,
    creator: { type: row.creatorType, id: row.creatorId },
    receiver:
      row.receiverType && row.receiverId ? { type: row.receiverType, id: row.receiverId } : null,
    status: row.status,
  };
}

/** Whether the actor may run an action of a request's type: its rule is a row of a policy. */
export const mayRun = (rule: ActionRule, actor: Actor, facts: RequestFacts) =>
  can({ run: rule.who }, 'run', actor, facts);

/** Comments are HTML for every client: stored sanitised, and empty once sanitised is empty. */
export function checkContent(content: unknown): string {
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

export const authorOf = (actor: Actor) => actor.identity.userId;

/** What every operation of the requests service shares: rows, facts, permissions, views. */
export function createRequestKit(deps: RequestServiceDeps) {
  const { db, types } = deps;

  async function row(id: string, database: Database = db): Promise<RequestRow | undefined> {
    if (!UUID.test(id)) return undefined;
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
        mayRun(rule, actor, facts)
      );
    });
  }

  async function viewOf(actor: Actor, request: RequestRow): Promise<RequestView> {
    const facts = await factsFor(request);
    return {
      row: request,
      actions: allowedActions(actor, request, facts),
      canComment: can(requestPolicy, 'canComment', actor, facts),
      ...(request.creatorType === 'user' && can(requestPolicy, 'canNameCreator', actor, facts)
        ? { namedCreator: request.creatorId }
        : {}),
    };
  }

  /** The request if the actor may read it (unknown: not found). */
  async function readable(actor: Actor, id: string): Promise<RequestRow> {
    const found = await row(id);
    if (!found) throw notFound();
    if (!can(requestPolicy, 'canRead', actor, await factsFor(found))) throw permissionDenied();
    return found;
  }

  return { ...deps, row, factsFor, viewOf, readable, isUuid: (id: string) => UUID.test(id) };
}

export type RequestKit = ReturnType<typeof createRequestKit>;
