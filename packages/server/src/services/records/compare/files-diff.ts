import { structuredPatch } from 'diff';
import type { Readable } from 'node:stream';
import type { FileWithObject } from '../../files/files.repository.ts';

/** A file as the comparison shows it. */
export interface ComparedFile {
  key: string;
  size: number;
  checksum: string | null;
}

export interface LineHunk {
  old_start: number;
  old_lines: number;
  new_start: number;
  new_lines: number;
  /** Each line starts with "+" (added), "-" (removed) or " " (unchanged, for context). */
  lines: string[];
}

/** Why a changed file has no line diff. */
export type SkipReason = 'not_text' | 'too_large' | 'binary' | 'too_many_changes';

export interface ChangedFile {
  key: string;
  before: ComparedFile;
  after: ComparedFile;
  lines?: { hunks: LineHunk[]; truncated: boolean };
  skipped?: SkipReason;
}

export interface FilesComparison {
  added: ComparedFile[];
  removed: ComparedFile[];
  changed: ChangedFile[];
  unchanged: number;
}

/** At most this many diff lines per file are sent, so that one answer stays small. */
export const MAX_DIFF_LINES = 2000;
/**
 * Beyond this many line edits (or this long) the diff gives up: its cost grows
 * with the edits, and a file rewritten throughout reads no better line by line.
 */
const MAX_EDITS = 2 * MAX_DIFF_LINES;
const DIFF_TIMEOUT_MS = 500;
const TEXT_EXTENSIONS = /\.(csv|tsv|txt|text|md|json|xml|ya?ml|tex|log)$/i;

const completed = (files: FileWithObject[]) =>
  new Map(
    files.filter((file) => file.entry.status === 'completed').map((file) => [file.entry.key, file]),
  );

const shown = (file: FileWithObject): ComparedFile => ({
  key: file.entry.key,
  size: file.object.size ?? 0,
  checksum: file.object.checksum,
});

export const isTextFile = (file: FileWithObject) =>
  file.entry.mimetype.startsWith('text/') || TEXT_EXTENSIONS.test(file.entry.key);

async function readText(stream: Readable): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  // A NUL byte: not text, whatever its name says.
  if (bytes.includes(0)) return undefined;
  return bytes.toString('utf8');
}

/**
 * The line diff of two texts, in hunks with three lines of context, cut at
 * MAX_DIFF_LINES; undefined past MAX_EDITS edits.
 */
export function lineDiff(
  before: string,
  after: string,
): { hunks: LineHunk[]; truncated: boolean } | undefined {
  const patch = structuredPatch('before', 'after', before, after, '', '', {
    context: 3,
    maxEditLength: MAX_EDITS,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (!patch) return undefined;
  const hunks: LineHunk[] = [];
  let budget = MAX_DIFF_LINES;
  for (const hunk of patch.hunks) {
    if (budget <= 0) return { hunks, truncated: true };
    const lines = hunk.lines.filter((line) => !line.startsWith('\\'));
    const kept = lines.slice(0, budget);
    budget -= kept.length;
    hunks.push({
      old_start: hunk.oldStart,
      old_lines: hunk.oldLines,
      new_start: hunk.newStart,
      new_lines: hunk.newLines,
      lines: kept,
    });
    if (kept.length < lines.length) return { hunks, truncated: true };
  }
  return { hunks, truncated: false };
}

/**
 * The files added, removed and changed (by checksum) from `before` to
 * `after`; changed text files up to `textLimit` bytes each get their line diff.
 */
export async function diffFiles(
  before: FileWithObject[],
  after: FileWithObject[],
  options: { textLimit: number; open: (storageKey: string) => Promise<Readable> },
): Promise<FilesComparison> {
  const old = completed(before);
  const next = completed(after);
  const result: FilesComparison = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const [key, file] of old) if (!next.has(key)) result.removed.push(shown(file));
  for (const [key, file] of next) {
    const previous = old.get(key);
    if (!previous) {
      result.added.push(shown(file));
      continue;
    }
    if (previous.object.checksum === file.object.checksum) {
      result.unchanged++;
      continue;
    }
    const changed: ChangedFile = { key, before: shown(previous), after: shown(file) };
    if (!isTextFile(file) || !isTextFile(previous)) changed.skipped = 'not_text';
    else if (changed.before.size > options.textLimit || changed.after.size > options.textLimit)
      changed.skipped = 'too_large';
    else {
      const oldText = await readText(await options.open(previous.object.storageKey));
      const newText = await readText(await options.open(file.object.storageKey));
      if (oldText === undefined || newText === undefined) changed.skipped = 'binary';
      else {
        const lines = lineDiff(oldText, newText);
        if (lines) changed.lines = lines;
        else changed.skipped = 'too_many_changes';
      }
    }
    result.changed.push(changed);
  }
  return result;
}
