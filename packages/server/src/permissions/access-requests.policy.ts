import { inArray, sql, type SQL } from 'drizzle-orm';
import { parents, records } from '../db/schema.ts';
import { requests } from '../db/schema.requests.ts';
import { can, filter, type Actor } from './policy.ts';
import { recordPolicy } from './records.policy.ts';
import type { RequestFacts, RequestGenerator } from './requests.policy.ts';

export const USER_ACCESS_REQUEST = 'user-access-request';
export const GUEST_ACCESS_REQUEST = 'guest-access-request';
export const ACCESS_REQUEST_TYPES = [USER_ACCESS_REQUEST, GUEST_ACCESS_REQUEST] as const;

const isAccessRequest = sql`${requests.type} IN (${sql.join(
  ACCESS_REQUEST_TYPES.map((type) => sql`${type}`),
  sql`, `,
)})`;

/**
 * Those who decide an access request: whoever the records policy lets decide
 * on the record it is about (API.md, Arca difference 4). Worked out from the
 * record when the request is read, so a manager added later decides too and
 * one removed no longer can.
 */
export const RecordManagers: RequestGenerator = {
  name: 'RecordManagers',
  allows: (actor, request: RequestFacts) =>
    !!request.topic && can(recordPolicy, 'canDecideAccessRequests', actor, request.topic),
  filter: (actor: Actor) => {
    const decides = filter(recordPolicy, 'canDecideAccessRequests', actor);
    return sql`(${isAccessRequest} AND ${requests.topicType} = 'record' AND EXISTS (
      SELECT 1 FROM ${records} JOIN ${parents} ON ${parents.id} = ${records.parentId}
      WHERE ${records.id} = ${requests.topicId} AND ${decides}))`;
  },
};

/** A guest who follows their request through its token link (`?access_request_token=`). */
export const GuestTokenHolder: RequestGenerator = {
  name: 'GuestTokenHolder',
  allows: (actor, request) => (actor.requestTokens ?? []).includes(request.id),
  filter: (actor): SQL | undefined => {
    const ids = actor.requestTokens ?? [];
    return ids.length === 0 ? undefined : inArray(requests.id, ids);
  },
};
