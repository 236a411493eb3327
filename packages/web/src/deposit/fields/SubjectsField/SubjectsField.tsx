import { TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSubjectSuggestions } from '../../../api/vocabularies.ts';
import type { DepositFormValues, SubjectValue } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';
import { serverMatches } from '../server-matches.ts';

/** Subjects from the vocabulary (kept with their id) and free keywords. */
export function SubjectsField() {
  const { t } = useTranslation();
  const { field } = useController<DepositFormValues, 'metadata.subjects'>({
    name: 'metadata.subjects',
  });
  const error = useFieldError('metadata.subjects');
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const { data = [] } = useSubjectSuggestions(typed);
  const subjects: SubjectValue[] = field.value;
  const label = (item: (typeof data)[number]) => item.title_l10n ?? item.subject;
  const suggestionIds = new Map(data.map((item) => [label(item), item.id]));
  return (
    <TagsInput
      label={t('deposit.fields.subjects.label')}
      description={t('deposit.fields.subjects.help')}
      data={[...new Set(data.map(label))]}
      value={subjects.map((subject) => subject.subject)}
      onChange={(texts) =>
        field.onChange(
          texts.map((text) => {
            const existing = subjects.find((subject) => subject.subject === text);
            if (existing) return existing;
            const id = suggestionIds.get(text);
            return id ? { id, subject: text } : { subject: text };
          }),
        )
      }
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverMatches}
      // A half-typed keyword is not a keyword: Enter, a comma or a suggestion adds one.
      acceptValueOnBlur={false}
      error={errorText(error)}
    />
  );
}
