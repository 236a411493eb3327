import type { Actor } from '../../permissions/records.policy.ts';
import type { RequestActionName, RequestRow } from './types.ts';

/** Something that happened to a request, announced after it was committed. */
export type RequestEvent =
  | {
      kind: 'action';
      action: RequestActionName;
      request: RequestRow;
      actor: Actor;
      comment?: string;
    }
  | { kind: 'comment'; request: RequestRow; actor: Actor; content: string };

export type RequestEventListener = (event: RequestEvent) => void | Promise<void>;

/**
 * The one place where notifications (e-mail to curators and uploaders)
 * attach: listeners run after commit, and their failures never undo the request.
 */
export function createRequestEvents(onError: (error: unknown) => void = () => undefined) {
  const listeners: RequestEventListener[] = [];
  return {
    subscribe(listener: RequestEventListener): void {
      listeners.push(listener);
    },
    async emit(event: RequestEvent): Promise<void> {
      for (const listener of listeners) {
        try {
          await listener(event);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}

export type RequestEvents = ReturnType<typeof createRequestEvents>;
