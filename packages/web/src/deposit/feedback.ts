import type { FieldError } from '@arca/schema';
import { countBySection, type SectionId } from './sections.ts';

// What the feedback banner shows after an action (SPEC §8).

export type FailingAction =
  | 'save'
  | 'publish'
  | 'submit'
  | 'delete'
  | 'preview'
  | 'reserve'
  | 'discard'
  | 'import'
  | 'saveBeforeUpload'
  | 'newVersion';

export type ValidationAction = 'draft' | 'save' | 'publish' | 'submit';

export type Feedback =
  | { kind: 'success' }
  | {
      kind: 'validation';
      action: ValidationAction;
      /** 'info' when every item is below error severity (SPEC §4). */
      severity: 'error' | 'info';
      sections: { section: SectionId; count: number }[];
      /** A `_schema` error or the server's message, which replaces the text. */
      message?: string;
    }
  | { kind: 'failure'; action: FailingAction; message?: string }
  | { kind: 'conflict' };

/** Success shows for this long (SPEC §9). */
export const SUCCESS_INDICATOR_MS = 3000;

const isError = (item: FieldError) => (item.severity ?? 'error') === 'error';

/** The banner for a list of field errors; undefined when there are none. */
export function validationFeedback(
  action: ValidationAction,
  errors: readonly FieldError[],
  message?: string,
): Feedback | undefined {
  if (errors.length === 0) return undefined;
  const schemaError = errors.find((item) => item.field === '_schema');
  const fields = errors.filter((item) => item.field !== '_schema');
  return {
    kind: 'validation',
    action,
    severity: errors.some(isError) ? 'error' : 'info',
    sections: countBySection(fields.map((item) => item.field)),
    message: schemaError?.messages.join(' ') ?? message,
  };
}
