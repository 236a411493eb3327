import type { RecordJson } from '@arca/schema';

/**
 * SPEC §5: Publish (and Submit) are disabled when files are enabled and there
 * are none, or when any file has not finished its transfer: one the server
 * lists as pending, or one still (or unsuccessfully) uploading from this page.
 */
export function publishBlockedByFiles(
  draft: RecordJson | undefined,
  filesEnabled: boolean,
  uploading: boolean,
): 'noFiles' | 'unfinished' | undefined {
  if (!filesEnabled) return undefined;
  if (uploading) return 'unfinished';
  const entries = Object.values(draft?.files.entries ?? {});
  const count = draft?.files.count ?? entries.length;
  if (count === 0) return 'noFiles';
  const pending = entries.some(
    (entry) => entry.status !== undefined && entry.status !== 'completed',
  );
  return pending ? 'unfinished' : undefined;
}

/** Which of Delete / Discard changes / Discard version the draft offers. */
export function deleteKind(
  draft: RecordJson | undefined,
): 'delete' | 'discardChanges' | 'discardVersion' {
  if (draft?.is_published) return 'discardChanges';
  if ((draft?.versions.index ?? 1) > 1) return 'discardVersion';
  return 'delete';
}
