import { chunkSize } from './chunk-size.ts';
import type { DraftFile } from './files-api.ts';
import { uploadMark } from './upload-marks.ts';
import { normalizeName } from './upload-rules.ts';

/**
 * The interrupted multipart upload (API.md, "Where Arca differs" 3) that a
 * chosen file continues: same name and size, cut into the same parts, not in
 * transfer on this page, and, when this browser started it, from a file with
 * the same last-modified time. Undefined means a new upload.
 */
export function resumableEntry(
  file: File,
  entries: readonly DraftFile[],
  inTransfer: readonly string[],
): DraftFile | undefined {
  const name = normalizeName(file.name);
  const entry = entries.find((candidate) => normalizeName(candidate.key) === name);
  if (!entry || entry.status !== 'pending' || entry.transfer.type !== 'M') return undefined;
  if (inTransfer.some((key) => normalizeName(key) === name)) return undefined;
  if (entry.size !== file.size || entry.transfer.part_size !== chunkSize(file.size)) {
    return undefined;
  }
  const mark = uploadMark(entry.links.self);
  return mark === undefined || mark === file.lastModified ? entry : undefined;
}
