import type { RecordJson, Visibility } from '@arca/schema';

// The record protection rules of SPEC §4 and §5, as the form mirrors them
// (the server enforces each of them again).

export type AccessSummary =
  'public' | 'publicRestrictedFiles' | 'restricted' | 'embargoedFull' | 'embargoedFiles';

export function accessSummary(
  record: Visibility,
  files: Visibility,
  embargoActive: boolean,
): AccessSummary {
  if (embargoActive) return record === 'restricted' ? 'embargoedFull' : 'embargoedFiles';
  if (record === 'restricted') return 'restricted';
  return files === 'restricted' ? 'publicRestrictedFiles' : 'public';
}

/** An embargo applies only to something restricted, in a public community (or none). */
export function embargoAllowed(
  record: Visibility,
  files: Visibility,
  communityPublic = true,
): boolean {
  return communityPublic && (record === 'restricted' || files === 'restricted');
}

const DAY_MS = 86_400_000;

/**
 * Once the grace period since creation has passed, a published public record
 * can no longer be restricted.
 */
export function restrictionBlocked(
  draft: RecordJson | undefined,
  graceDays: number,
  now = new Date(),
): boolean {
  if (!draft?.is_published) return false;
  if (draft.access.record !== 'public') return false;
  return now.getTime() - new Date(draft.created).getTime() > graceDays * DAY_MS;
}

/** The day a past embargo ended, for "Embargo was lifted on {date}." */
export function embargoLiftedOn(
  embargo: { active: boolean; until: string },
  today: string,
): string | undefined {
  return !embargo.active && embargo.until && embargo.until <= today ? embargo.until : undefined;
}

export const todayIso = () => new Date().toISOString().slice(0, 10);
