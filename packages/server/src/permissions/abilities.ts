import { can, type Actor } from './policy.ts';
import { recordPolicy, type RecordAction, type RecordFacts } from './records.policy.ts';

/**
 * What the web app may offer on a record (`ui.permissions`), each the answer
 * of one row of the records policy: it reads these and never re-derives a rule.
 */
const ABILITIES = {
  can_manage: 'canManage',
  can_manage_access: 'canManageAccess',
  can_edit: 'canEdit',
  can_new_version: 'canNewVersion',
  can_publish: 'canPublish',
  can_review: 'canReview',
  can_update_draft: 'canUpdateDraft',
  can_delete_draft: 'canDeleteDraft',
  can_preview: 'canReadDraft',
  can_view: 'canView',
  can_read_files: 'canReadFiles',
  can_read_draft_files: 'canReadDraftFiles',
  can_update_files: 'canUpdateFiles',
  can_manage_pids: 'canManagePids',
  can_discard_pids: 'canDiscardPids',
  can_add_community: 'canAddCommunity',
  can_remove_community: 'canRemoveCommunity',
  can_request_deletion: 'canRequestDeletion',
  can_delete: 'canDelete',
  can_request_quota_increase: 'canRequestQuotaIncrease',
} as const satisfies Record<string, RecordAction>;

export type Abilities = Record<keyof typeof ABILITIES, boolean>;

/** The actor's abilities on a record, from its context's facts. */
export function abilitiesOf(actor: Actor, facts: RecordFacts): Abilities {
  const abilities = {} as Abilities;
  for (const [name, action] of Object.entries(ABILITIES) as [keyof Abilities, RecordAction][]) {
    abilities[name] = can(recordPolicy, action, actor, facts);
  }
  return abilities;
}
