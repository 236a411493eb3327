import { Select } from '@mantine/core';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositFormValues } from '../form-values.ts';
import { errorText, useFieldError } from './field-error.tsx';

/** The scheme of an identifier, from a fixed list. */
export function SchemeSelect({ name, schemes }: { name: string; schemes: readonly string[] }) {
  const { t } = useTranslation();
  const { field } = useController<DepositFormValues>({ name: name as never });
  const error = useFieldError(name);
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  return (
    <Select
      label={t('deposit.fields.scheme')}
      data={schemes.map((scheme) => ({ value: scheme, label: scheme.toUpperCase() }))}
      value={value}
      onChange={(next) => field.onChange(next ?? '')}
      onBlur={field.onBlur}
      searchable
      withAsterisk
      error={errorText(error)}
    />
  );
}
