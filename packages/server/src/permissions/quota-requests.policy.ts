import { sql } from 'drizzle-orm';
import { requests } from '../db/schema.requests.ts';
import type { RequestGenerator } from './requests.policy.ts';

export const QUOTA_INCREASE = 'quota-increase';

/**
 * Administrators, who decide requests for more storage (they have no
 * receiver): those requests are in every administrator's list once submitted.
 */
export const QuotaModerators: RequestGenerator = {
  name: 'QuotaModerators',
  allows: (actor) => actor.identity.isAdmin,
  filter: (actor) =>
    actor.identity.isAdmin
      ? sql`(${requests.type} = ${QUOTA_INCREASE} AND ${requests.status} <> 'created')`
      : undefined,
};
