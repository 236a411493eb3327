// Helpers for the tests of this folder: bodies built from the minimal fixture
// and errors read back as English texts, so assertions check the wording.
import { validationMessages, type ValidationMessageKey } from '../messages.ts';
import { minimalRecord } from './fixtures.ts';
import { validateRecord } from './validate-record.ts';

export const TODAY = '2026-01-15';

/** The English text of a catalogue key; throws on anything else. */
export function english(key: string): string {
  if (!Object.hasOwn(validationMessages, key)) throw new Error(`Not a catalogue key: ${key}`);
  return validationMessages[key as ValidationMessageKey];
}

/** The errors of a body as `{field: [English texts]}`. */
export function errorsOf(body: unknown): Record<string, string[]> {
  const errors = validateRecord(body, { today: TODAY });
  return Object.fromEntries(errors.map((error) => [error.field, error.messages.map(english)]));
}

/** `minimalRecord` with some top-level parts replaced. */
export function withBody(parts: Record<string, unknown>): Record<string, unknown> {
  return { ...structuredClone(minimalRecord), ...parts };
}

/** `minimalRecord` with some metadata fields replaced (`undefined` removes one). */
export function withMetadata(fields: Record<string, unknown>): Record<string, unknown> {
  return withBody({ metadata: { ...structuredClone(minimalRecord.metadata), ...fields } });
}
