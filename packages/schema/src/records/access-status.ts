// What a record's access settings amount to: the computed `access.status`
// (API.md §1.3) and the summary the deposit form shows (SPEC §4).
import type { Visibility } from '../accounts.ts';

export const ACCESS_STATUSES = ['open', 'embargoed', 'restricted', 'metadata-only'] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

/** The parts of `access` both read; an absent visibility means public. */
export interface AccessInput {
  record?: Visibility | null;
  files?: Visibility | null;
  embargo?: { active?: boolean | null } | null;
}

/** InvenioRDM's `access.status`; `filesEnabled` false is a metadata-only record. */
export function computeAccessStatus(access: AccessInput, filesEnabled = true): AccessStatus {
  if (access.embargo?.active === true) return 'embargoed';
  const recordPublic = access.record !== 'restricted';
  if (recordPublic && !filesEnabled) return 'metadata-only';
  if (recordPublic && access.files !== 'restricted') return 'open';
  return 'restricted';
}

export type AccessSummary =
  'public' | 'public-restricted-files' | 'restricted' | 'embargoed-full' | 'embargoed-files';

/** English labels (SPEC §4); the web app translates the keys. */
export const accessSummaryLabels: Record<AccessSummary, string> = {
  public: 'Public',
  'public-restricted-files': 'Public with restricted files',
  restricted: 'Restricted',
  'embargoed-full': 'Embargoed (full record)',
  'embargoed-files': 'Embargoed (files-only)',
};

/**
 * The access summary of the deposit form. A restricted community makes the
 * record restricted whatever its own settings, except under a full embargo.
 */
export function accessSummary(
  access: AccessInput,
  options: { filesEnabled?: boolean; communityVisibility?: Visibility } = {},
): AccessSummary {
  const filesEnabled = options.filesEnabled ?? true;
  const communityPublic = options.communityVisibility !== 'restricted';
  const recordPublic = access.record !== 'restricted';
  const filesPublic = access.files !== 'restricted';
  const embargoActive = access.embargo?.active === true;

  if (communityPublic && recordPublic && (filesPublic || !filesEnabled)) return 'public';
  if (!recordPublic && embargoActive) return 'embargoed-full';
  if (!communityPublic || !recordPublic) return 'restricted';
  return embargoActive ? 'embargoed-files' : 'public-restricted-files';
}
