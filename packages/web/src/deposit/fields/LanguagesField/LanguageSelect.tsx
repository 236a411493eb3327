import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useVocabularySuggestions } from '../../../api/vocabularies.ts';
import type { DepositFormValues } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';
import { serverMatches } from '../server-matches.ts';

/** One language (of an additional title or description), searched as it is typed. */
export function LanguageSelect({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const { field } = useController<DepositFormValues>({ name: name as never });
  const error = useFieldError(name);
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const { data } = useVocabularySuggestions('languages', typed);
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  const options = (data ?? []).map((item) => ({ value: item.id, label: item.title_l10n }));
  if (value && !options.some((option) => option.value === value))
    options.push({ value, label: value });
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={(next) => field.onChange(next ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      searchable
      clearable
      filter={serverMatches}
      placeholder={t('deposit.fields.searchPlaceholder')}
      error={errorText(error)}
    />
  );
}
