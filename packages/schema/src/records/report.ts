import type { FieldError } from '../errors.ts';
import type { ValidationMessageKey } from '../messages.ts';

/** How a check reports one problem: the dotted field path and a catalogue key. */
export type Report = (field: string, message: ValidationMessageKey) => void;

/**
 * Runs `check` and gathers what it reports into one FieldError per field, in
 * the order the fields were first reported, each message once.
 */
export function collectFieldErrors(check: (report: Report) => void): FieldError[] {
  const messagesByField = new Map<string, ValidationMessageKey[]>();
  check((field, message) => {
    const messages = messagesByField.get(field) ?? [];
    if (!messages.includes(message)) messages.push(message);
    messagesByField.set(field, messages);
  });
  return [...messagesByField].map(([field, messages]) => ({ field, messages, severity: 'error' }));
}
