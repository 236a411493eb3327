import type { FieldError } from '@arca/schema';

/** "expires_at" → "Expires at" (SPEC §8: capitalised, underscores as spaces). */
export function fieldLabel(field: string): string {
  const spaced = field.replaceAll('_', ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** One line per field and message, each said once (SPEC §8, link creation errors). */
export function fieldErrorLines(errors: readonly FieldError[]): string[] {
  const lines = new Set<string>();
  for (const error of errors) {
    for (const message of error.messages) lines.add(`${fieldLabel(error.field)}: ${message}`);
  }
  return [...lines];
}
