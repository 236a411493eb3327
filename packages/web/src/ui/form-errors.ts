import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validationMessages,
  type ValidationMessageKey,
} from '@arca/schema';
import { useTranslation } from 'react-i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client.ts';

type MessageParams = Record<string, string | number>;

// zodResolver keeps only an issue's message (our key), not its limits: the
// fixed ones are known here, a field with its own limit passes it in.
const DEFAULT_PARAMS: Partial<Record<ValidationMessageKey, MessageParams>> = {
  passwordTooShort: { min: PASSWORD_MIN_LENGTH },
  passwordTooLong: { max: PASSWORD_MAX_LENGTH },
};

function isValidationKey(message: string): message is ValidationMessageKey {
  return Object.hasOwn(validationMessages, message);
}

/**
 * The text to show under a field. Client-side zod errors carry a key of the
 * validation catalogue; server errors arrive already translated.
 */
export function useFieldErrorText() {
  const { t } = useTranslation('validation');
  return (error: FieldError | undefined, params?: MessageParams): string | undefined => {
    const message = error?.message;
    if (!message) return undefined;
    if (!isValidationKey(message)) return message;
    return t(message, {
      ...DEFAULT_PARAMS[message],
      ...params,
      defaultValue: validationMessages[message],
    });
  };
}

/** Puts each of the server's field errors (dotted paths, e.g. `identities.orcid`) on its field. */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError)) return;
  for (const { field, messages } of error.errors) {
    setError(field as Path<T>, { type: 'server', message: messages.join(' ') });
  }
}
