import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useVocabularySuggestions } from '../../../api/vocabularies.ts';
import type { DepositFormValues, LanguageValue } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';
import { serverMatches } from '../server-matches.ts';

/** The languages of the record, from the languages vocabulary (sent as {id}). */
export function LanguagesField() {
  const { t } = useTranslation();
  const { field } = useController<DepositFormValues, 'metadata.languages'>({
    name: 'metadata.languages',
  });
  const error = useFieldError('metadata.languages');
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const { data } = useVocabularySuggestions('languages', typed);
  const selected: LanguageValue[] = field.value;
  const known = new Map(selected.map((language) => [language.id, language.title]));
  for (const item of data ?? []) if (!known.has(item.id)) known.set(item.id, item.title_l10n);
  return (
    <MultiSelect
      label={t('deposit.fields.languages.label')}
      data={[...known].map(([value, label]) => ({ value, label }))}
      value={selected.map((language) => language.id)}
      onChange={(ids) => field.onChange(ids.map((id) => ({ id, title: known.get(id) ?? id })))}
      searchValue={search}
      onSearchChange={setSearch}
      searchable
      filter={serverMatches}
      placeholder={t('deposit.fields.searchPlaceholder')}
      error={errorText(error)}
    />
  );
}
