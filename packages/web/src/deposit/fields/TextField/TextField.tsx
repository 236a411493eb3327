import { TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import type { DepositFormValues } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';

interface TextFieldProps {
  name: string;
  label: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
}

/**
 * A plain text input, registered (uncontrolled): typing in it re-renders
 * nothing else, which keeps keystrokes fast on large records.
 */
export function TextField({ name, label, description, placeholder, required }: TextFieldProps) {
  const { register } = useFormContext<DepositFormValues>();
  const error = useFieldError(name);
  return (
    <TextInput
      {...register(name as never)}
      label={label}
      description={description}
      placeholder={placeholder}
      withAsterisk={required}
      error={errorText(error)}
    />
  );
}
