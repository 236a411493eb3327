import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import type { DepositFormValues } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';

interface TextFieldProps {
  name: string;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  /** "ltr" for values such as dates, which read left to right in every language. */
  dir?: 'ltr';
}

/**
 * A plain text input, registered (uncontrolled): typing in it re-renders
 * nothing else, which keeps keystrokes fast on large records.
 */
export function TextField({
  name,
  label,
  description,
  placeholder,
  required,
  dir,
}: TextFieldProps) {
  const { register } = useFormContext<DepositFormValues>();
  const error = useFieldError(name);
  return (
    <TextInput
      {...register(name as never)}
      label={label}
      description={description}
      placeholder={placeholder}
      withAsterisk={required}
      dir={dir}
      error={errorText(error)}
    />
  );
}
