// Size limits of a record (docs/SECURITY.md): every text at most 1,000
// characters except the long texts (descriptions, an embargo's reason) at
// most 100,000, and the whole stored document at most 2 MB of JSON.
import type { Report } from './report.ts';

export const SHORT_TEXT_MAX = 1_000;
export const LONG_TEXT_MAX = 100_000;
export const DOCUMENT_MAX_BYTES = 2_000_000;

// Paths with list indexes as `*`; a localized text's languages as `*` too.
const LONG_TEXTS = new Set([
  'metadata.description',
  'metadata.additional_descriptions.*.description',
  'metadata.rights.*.description',
  'metadata.rights.*.description.*',
  'metadata.locations.features.*.description',
  'access.embargo.reason',
]);

function pattern(path: string): string {
  return path.replace(/\.\d+(?=\.|$)/g, '.*');
}

function isLongText(path: string): boolean {
  const general = pattern(path);
  return LONG_TEXTS.has(general) || LONG_TEXTS.has(general.replace(/\.[^.]+$/, '.*'));
}

// No valid record holds a text deeper than this; deeper values fail their own checks.
const MAX_DEPTH = 10;

/** Reports every text longer than its field allows, with the field's path. */
export function checkLengths(value: unknown, path: string, report: Report, depth = 0): void {
  if (typeof value === 'string') {
    if (value.length <= SHORT_TEXT_MAX) return;
    if (!isLongText(path)) report(path, 'longerThan1000');
    else if (value.length > LONG_TEXT_MAX) report(path, 'longerThan100000');
    return;
  }
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkLengths(item, `${path}.${i}`, report, depth + 1));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    checkLengths(item, path ? `${path}.${key}` : key, report, depth + 1);
  }
}

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value) ?? '').length;

/**
 * When the document takes more than DOCUMENT_MAX_BYTES as JSON: the path of
 * its largest part (a metadata field, or another top-level part) to name in
 * the error; undefined when it fits.
 */
export function oversizedPart(document: Record<string, unknown>): string | undefined {
  const json = JSON.stringify(document);
  // A UTF-16 code unit takes at most 3 bytes in UTF-8: most documents need no encoding.
  if (json.length * 3 <= DOCUMENT_MAX_BYTES) return undefined;
  if (new TextEncoder().encode(json).length <= DOCUMENT_MAX_BYTES) return undefined;
  let largest = { path: 'metadata', size: -1 };
  const consider = (path: string, value: unknown) => {
    const size = byteLength(value);
    if (size > largest.size) largest = { path, size };
  };
  for (const [key, value] of Object.entries(document)) {
    if (key !== 'metadata') consider(key, value);
  }
  const metadata = document.metadata;
  if (typeof metadata === 'object' && metadata !== null) {
    for (const [key, value] of Object.entries(metadata)) consider(`metadata.${key}`, value);
  }
  return largest.path;
}
