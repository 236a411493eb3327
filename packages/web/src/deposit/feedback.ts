import type { FieldError } from '@arca/schema';
import { hasField } from './sections.ts';

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

export type ValidationAction = 'save' | 'publish' | 'submit';

export type Feedback =
  | { kind: 'success' }
  | {
      kind: 'validation';
      action: ValidationAction;
      /**
       * The errors of paths with no field: the banner shows their text. The
       * others sit on their fields, and the banner counts them per section
       * from the form as it is now, so a fixed error leaves the count.
       */
      unplaced: FieldError[];
      /** A `_schema` error or the server's message, which replaces the text. */
      message?: string;
      /** The language the server worded the messages in (they follow a switch). */
      language?: string;
    }
  | { kind: 'failure'; action: FailingAction; message?: string; language?: string }
  | { kind: 'conflict' };

/** Success shows for this long (SPEC §9). */
export const SUCCESS_INDICATOR_MS = 3000;

/** The banner for a list of field errors; undefined when there are none. */
export function validationFeedback(
  action: ValidationAction,
  errors: readonly FieldError[],
  message?: string,
  language?: string,
): Feedback | undefined {
  if (errors.length === 0) return undefined;
  const schemaError = errors.find((item) => item.field === '_schema');
  return {
    kind: 'validation',
    action,
    unplaced: errors.filter((item) => item.field !== '_schema' && !hasField(item.field)),
    message: schemaError?.messages.join(' ') ?? message,
    language,
  };
}

/** The errors now set on the form (react-hook-form's nested `errors`), by path and severity. */
export function formErrors(errors: unknown, path = ''): { field: string; severity: string }[] {
  if (errors === null || typeof errors !== 'object') return [];
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && typeof node.type === 'string') {
    return node.message ? [{ field: path, severity: node.type }] : [];
  }
  return Object.entries(node).flatMap(([key, child]) =>
    key === 'ref' ? [] : formErrors(child, path ? `${path}.${key}` : key),
  );
}
