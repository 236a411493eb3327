import { inArray, sql, type SQL } from 'drizzle-orm';
import { grants, parents, records } from '../db/schema.ts';
import { requests } from '../db/schema.requests.ts';
import type { Actor } from './records.policy.ts';
import type { RequestFacts, RequestGenerator } from './requests.policy.ts';

export const USER_ACCESS_REQUEST = 'user-access-request';
export const GUEST_ACCESS_REQUEST = 'guest-access-request';
export const ACCESS_REQUEST_TYPES = [USER_ACCESS_REQUEST, GUEST_ACCESS_REQUEST] as const;

const isAccessRequest = sql`${requests.type} IN (${sql.join(
  ACCESS_REQUEST_TYPES.map((type) => sql`${type}`),
  sql`, `,
)})`;

/**
 * Those who decide an access request: the record's owner and every user or
 * group holding `manage` on it (API.md, Arca difference 4). Worked out from
 * the record when the request is read, so a manager added later decides too
 * and one removed no longer can.
 */
export const RecordManagers: RequestGenerator = {
  name: 'RecordManagers',
  allows: (actor, request: RequestFacts) => {
    const managers = request.topicManagers;
    if (!managers || actor.identity.userId === null) return false;
    return (
      managers.users.includes(String(actor.identity.userId)) ||
      managers.groups.some((group) => actor.groups.includes(group))
    );
  },
  filter: (actor: Actor) => {
    const userId = actor.identity.userId;
    if (userId === null) return undefined;
    const subjects = [
      sql`('user', ${String(userId)})`,
      ...actor.groups.map((group) => sql`('role', ${group})`),
    ];
    return sql`(${isAccessRequest} AND ${requests.topicType} = 'record' AND EXISTS (
      SELECT 1 FROM ${records} JOIN ${parents} ON ${parents.id} = ${records.parentId}
      WHERE ${records.id} = ${requests.topicId} AND (${parents.ownerId} = ${userId}
        OR EXISTS (SELECT 1 FROM ${grants} WHERE ${grants.parentId} = ${parents.id}
          AND ${grants.permission} = 'manage'
          AND (${grants.subjectType}, ${grants.subjectId}) IN (${sql.join(subjects, sql`, `)})))))`;
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
