import { validationMessages, type ValidationMessageKey } from '@arca/schema/messages';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormState, type FieldError } from 'react-hook-form';
import type { DepositFormValues } from '../form-values.ts';

/**
 * The error of one field, read with a subscription to that field only, so a
 * keystroke elsewhere does not re-render it. Severity travels in `type`
 * ('error', 'warning', 'info'); warnings are not shown in red.
 */
export function useFieldError(name: string): FieldError | undefined {
  const { errors } = useFormState<DepositFormValues>({ name: name as never, exact: true });
  return errorAt(errors, name);
}

export function errorAt(errors: unknown, name: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (node && typeof node === 'object' && 'message' in node) return node as FieldError;
  return undefined;
}

/** What to pass as an input's `error`: the text, coloured by severity. */
export function errorText(error: FieldError | undefined) {
  if (!error?.message) return undefined;
  if (error.type === 'warning' || error.type === 'info') {
    return (
      <Text c={error.type === 'warning' ? 'orange' : 'blue'} size="xs" component="span">
        {error.message}
      </Text>
    );
  }
  return error.message;
}

/**
 * The error of a list or a group of controls rather than of one input, shown
 * under it. The controls name its `id` in `aria-describedby`, so that screen
 * readers read it with them (Mantine does that itself for an input given `error`).
 */
export function GroupError({
  id,
  error,
  size = 'xs',
}: {
  id: string;
  error: FieldError | undefined;
  size?: 'xs' | 'sm';
}) {
  if (!error?.message) return null;
  return (
    <Text id={id} size={size} c="red">
      {errorText(error)}
    </Text>
  );
}

/** `aria-describedby` for the controls of a group: its error's id, when it has one. */
export function describedBy(id: string, error: FieldError | undefined): string | undefined {
  return error?.message ? id : undefined;
}

/** A message of the shared validation catalogue in the UI language. */
export function useValidationText(): (key: string) => string {
  const { t } = useTranslation('validation');
  const noParams: Record<string, string | number> = {};
  return (key) => {
    if (!Object.hasOwn(validationMessages, key)) return key;
    const known = key as ValidationMessageKey;
    return t(known, { ...noParams, defaultValue: validationMessages[known] });
  };
}
