import type { Actor } from '../../permissions/records.policy.ts';
import type { FileBuckets } from './file-buckets.ts';
import type { Quota } from './quota.ts';

/** A quota is the parent's, for every version: found from a draft id, else a record id. */
const EITHER = ['draft', 'record'] as const;

/** A record's file quota: read by who may read its draft, set by administrators (SPEC §9). */
export function recordQuota(buckets: FileBuckets) {
  return {
    async quota(actor: Actor, id: string): Promise<Quota & { recordId: string }> {
      const bucket = await buckets.load(actor, id, EITHER, 'canReadQuota', true);
      return { recordId: id, ...bucket.quota };
    },

    async setQuota(actor: Actor, id: string, quota: Quota): Promise<Quota & { recordId: string }> {
      const bucket = await buckets.load(actor, id, EITHER, 'canSetQuota');
      await buckets.repo.setQuota(bucket.parent.id, quota.maxFiles, quota.maxBytes);
      return { recordId: id, ...quota };
    },
  };
}
