/** What the page can show of a file in place; anything else is only downloaded. */
export type PreviewKind = 'image' | 'pdf' | 'csv' | 'text';

const TEXT_EXTENSIONS = new Set([
  'txt',
  'md',
  'json',
  'xml',
  'yaml',
  'yml',
  'log',
  'tsv',
  'py',
  'r',
]);
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg']);

export function previewKind(key: string, mimetype: string | undefined): PreviewKind | undefined {
  const extension = key.includes('.') ? key.split('.').pop()!.toLowerCase() : '';
  const type = (mimetype ?? '').toLowerCase();
  if (type === 'application/pdf' || extension === 'pdf') return 'pdf';
  if (type === 'text/csv' || extension === 'csv') return 'csv';
  if (type.startsWith('image/') || IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (type.startsWith('text/') || TEXT_EXTENSIONS.has(extension)) return 'text';
  return undefined;
}

/** Previews read at most this much of a text or CSV file: a browser tab is not a data viewer. */
export const TEXT_PREVIEW_BYTES = 200_000;
export const CSV_PREVIEW_ROWS = 100;
