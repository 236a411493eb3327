import { sanitizeDescription } from '../html.ts';

/**
 * Descriptions are HTML from the deposit editor; they are stored sanitised, so
 * no page that shows them can run what a depositor pasted.
 */
export function sanitizeDescriptions(metadata: Record<string, unknown>): void {
  if (typeof metadata.description === 'string') {
    metadata.description = sanitizeDescription(metadata.description);
  }
  if (!Array.isArray(metadata.additional_descriptions)) return;
  for (const row of metadata.additional_descriptions as unknown[]) {
    if (typeof row === 'object' && row !== null && 'description' in row) {
      if (typeof row.description === 'string')
        row.description = sanitizeDescription(row.description);
    }
  }
}
