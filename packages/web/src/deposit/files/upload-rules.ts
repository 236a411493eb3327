import { chunkSize, FileTooLargeError } from './chunk-size.ts';

// The editor's client-side refusals of SPEC §5, checked before anything is sent.

export interface Candidate {
  name: string;
  size: number;
}

export interface HeldFile {
  key: string;
  size: number;
  failed: boolean;
}

export type Refusal =
  | { kind: 'duplicate'; filename: string }
  | { kind: 'empty' }
  | { kind: 'tooMany'; max: number }
  | { kind: 'tooLarge'; total: number; limit: number }
  | { kind: 'exceedsSize'; filename: string };

export interface Quota {
  maxFiles: number;
  maxBytes: number;
}

/** Names compare Unicode-normalised, as the server stores them. */
export const normalizeName = (name: string) => name.normalize('NFC');

/**
 * Splits a selection into what may be uploaded and why the rest may not.
 * Count and total size are all-or-nothing (SPEC §5: the upload is rejected).
 */
export function checkSelection<T extends Candidate>(
  selected: readonly T[],
  held: readonly HeldFile[],
  quota: Quota,
  allowEmpty = false,
): { accepted: T[]; refusals: Refusal[] } {
  const refusals: Refusal[] = [];
  const taken = new Set(held.filter((file) => !file.failed).map((file) => normalizeName(file.key)));
  const accepted: T[] = [];
  let skippedEmpty = false;
  for (const file of selected) {
    const name = normalizeName(file.name);
    if (taken.has(name)) {
      refusals.push({ kind: 'duplicate', filename: file.name });
      continue;
    }
    if (file.size < 1 && !allowEmpty) {
      skippedEmpty = true;
      continue;
    }
    try {
      chunkSize(file.size);
    } catch (error) {
      if (!(error instanceof FileTooLargeError)) throw error;
      refusals.push({ kind: 'exceedsSize', filename: file.name });
      continue;
    }
    taken.add(name);
    accepted.push(file);
  }
  if (skippedEmpty) refusals.push({ kind: 'empty' });
  const current = held.filter((file) => !file.failed);
  const room = quota.maxFiles - current.length;
  if (accepted.length > room) {
    return { accepted: [], refusals: [...refusals, { kind: 'tooMany', max: quota.maxFiles }] };
  }
  const used = current.reduce((sum, file) => sum + file.size, 0);
  const total = used + accepted.reduce((sum, file) => sum + file.size, 0);
  if (total > quota.maxBytes) {
    return {
      accepted: [],
      refusals: [...refusals, { kind: 'tooLarge', total, limit: quota.maxBytes }],
    };
  }
  return { accepted, refusals };
}
