import {
  recordPolicy,
  type Actor,
  type RecordFacts,
  type RecordGenerator,
} from './records.policy.ts';

type SharingAction = 'canManageAccess';

/**
 * Who may share a record. Links, grants and access settings all need the
 * record's `manage` level (API.md §7): an `edit` grantee changes metadata
 * and files but cannot share.
 */
export const sharingPolicy: Record<SharingAction, readonly RecordGenerator[]> = {
  canManageAccess: recordPolicy.canManage,
};

export function canOnSharing(action: SharingAction, actor: Actor, record: RecordFacts): boolean {
  return sharingPolicy[action].some((generator) => generator.allows(actor, record));
}
