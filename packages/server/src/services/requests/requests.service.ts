import type { Actor } from '../../permissions/records.policy.ts';
import { actOperations } from './act.ts';
import { commentOperations } from './comments.ts';
import { createOperations } from './create.ts';
import { editOperations } from './edit.ts';
import { createEventViews } from './event-view.ts';
import { createRequestKit, type RequestServiceDeps } from './kit.ts';
import { searchOperation } from './search.ts';
import { timelineOperations } from './timeline.ts';

export type { Reference } from './create.ts';
export type { RequestChanges } from './edit.ts';
export type { EventRow, EventView } from './event-view.ts';
export {
  EXPIRE_REQUEST_JOB,
  factsOfRequest,
  systemActor,
  type RequestServiceDeps,
  type RequestView,
} from './kit.ts';
export type { RequestSearchParams } from './search.ts';

/**
 * The generic requests API (API.md §4.3): types, actions, timeline. One
 * module per concern: create.ts, edit.ts, act.ts, search.ts, comments.ts,
 * timeline.ts, around what they share (kit.ts).
 */
export function createRequestService(deps: RequestServiceDeps) {
  const kit = createRequestKit(deps);
  const views = createEventViews(kit);
  return {
    ...createOperations(kit),
    row: kit.row,
    viewOf: kit.viewOf,
    read: async (actor: Actor, id: string) => kit.viewOf(actor, await kit.readable(actor, id)),
    search: searchOperation(kit),
    ...actOperations(kit),
    ...editOperations(kit),
    ...commentOperations(kit, views),
    ...timelineOperations(kit, views),
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
