import type { Database } from '../../db/client.ts';
import type { requests } from '../../db/schema.requests.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import type { RequestFacts, RequestGenerator } from '../../permissions/requests.policy.ts';

export const REQUEST_STATUSES = [
  'created',
  'submitted',
  'accepted',
  'declined',
  'cancelled',
  'expired',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const OPEN_STATUSES: readonly RequestStatus[] = ['submitted'];
export const CLOSED_STATUSES: readonly RequestStatus[] = [
  'accepted',
  'declined',
  'cancelled',
  'expired',
];

export const REQUEST_ACTIONS = ['submit', 'accept', 'decline', 'cancel', 'expire'] as const;
export type RequestActionName = (typeof REQUEST_ACTIONS)[number];

export type RequestRow = typeof requests.$inferSelect;

/** One action of a type: from which statuses, to which, and who may run it. */
export interface ActionRule {
  from: readonly RequestStatus[];
  to: RequestStatus;
  who: readonly RequestGenerator[];
}

/** What a type's action effect is given. */
export interface ActionContext {
  request: RequestRow;
  actor: Actor;
  /**
   * Stores the new status, its log event and the optional comment. An effect
   * calls it inside its own transaction, so the effect and the status change
   * are one commit (e.g. publishing a draft on accept).
   */
  apply: (tx: Database) => Promise<void>;
}

/**
 * A kind of request (community submission, access request...): its actions
 * per status and actor, and what an action does besides changing the status.
 * New types plug in by registering one of these.
 */
export interface RequestType {
  readonly id: string;
  readonly actions: Partial<Record<RequestActionName, ActionRule>>;
  /** Effects that own the transaction; without one, the status change is committed alone. */
  readonly effects?: Partial<
    Record<RequestActionName, (this: void, context: ActionContext) => Promise<void>>
  >;
  /** Open requests of this type expire after the configured time. */
  readonly expires?: boolean;
  /** Statuses in which its creator may edit it (default: `created` only). */
  readonly editableIn?: readonly RequestStatus[];
  /** Payload keys its creator may edit, each with its check; none by default. */
  readonly editablePayload?: Readonly<Record<string, (this: void, value: unknown) => boolean>>;
  /** Facts its generators need beyond the row, loaded when a request is checked. */
  readonly facts?: (this: void, request: RequestRow) => Promise<Partial<RequestFacts>>;
}

export function createRequestTypeRegistry() {
  const types = new Map<string, RequestType>();
  return {
    register(type: RequestType): void {
      types.set(type.id, type);
    },
    get(id: string): RequestType | undefined {
      return types.get(id);
    },
    ids(): string[] {
      return [...types.keys()];
    },
  };
}

export type RequestTypeRegistry = ReturnType<typeof createRequestTypeRegistry>;
