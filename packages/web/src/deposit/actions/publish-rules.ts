import type { RecordJson } from '@arca/schema';

/**
 * SPEC §5: Publish (and Submit) are disabled when files are enabled and there
 * are none, or when any file has not finished its transfer.
 */
export function publishBlockedByFiles(draft: RecordJson | undefined, filesEnabled: boolean) {
  if (!filesEnabled) return false;
  const entries = Object.values(draft?.files.entries ?? {});
  const count = draft?.files.count ?? entries.length;
  if (count === 0) return true;
  return entries.some((entry) => entry.status !== undefined && entry.status !== 'completed');
}

/** Which of Delete / Discard changes / Discard version the draft offers. */
export function deleteKind(
  draft: RecordJson | undefined,
): 'delete' | 'discardChanges' | 'discardVersion' {
  if (draft?.is_published) return 'discardChanges';
  if ((draft?.versions.index ?? 1) > 1) return 'discardVersion';
  return 'delete';
}
