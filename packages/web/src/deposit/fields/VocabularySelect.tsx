import { Select } from '@mantine/core';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useVocabulary, type GenericVocabulary } from '../../api/vocabularies.ts';
import type { DepositFormValues } from '../form-values.ts';
import { errorText, useFieldError } from './field-error.tsx';
import { optionLabels } from './option-labels.ts';

interface VocabularySelectProps {
  name: string;
  type: GenericVocabulary;
  label: string;
  tags?: string;
  required?: boolean;
  clearable?: boolean;
}

/** A small vocabulary as a searchable select; the form holds the id. */
export function VocabularySelect({
  name,
  type,
  label,
  tags,
  required,
  clearable = true,
}: VocabularySelectProps) {
  const { t } = useTranslation();
  const { field } = useController<DepositFormValues>({ name: name as never });
  const error = useFieldError(name);
  const { data = [] } = useVocabulary(type, tags);
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  const options = optionLabels(data, (parent, title) =>
    t('deposit.fields.resourceType.child', { parent, title }),
  );
  // A saved id the list does not know (yet) still shows.
  if (value && !options.some((option) => option.value === value))
    options.push({ value, label: value });
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={(next) => field.onChange(next ?? '')}
      onBlur={field.onBlur}
      searchable
      clearable={clearable}
      withAsterisk={required}
      placeholder={t('deposit.fields.selectPlaceholder')}
      error={errorText(error)}
      nothingFoundMessage={t('deposit.fields.nothingFound')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
