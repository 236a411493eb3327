import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { styleLabel, useCitationStyle, useCitationStyles } from '../api/citations.ts';

/**
 * The citation style, searched on the server (`GET /api/citation-styles?q=`) as the reader
 * types; the chosen style stays among the options so its name keeps showing.
 */
export function CitationStylePicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (style: string) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { data: chosen } = useCitationStyle(value);
  const chosenLabel = chosen ? styleLabel(chosen) : value;
  // Showing the chosen style's name is not a search for it.
  const [query] = useDebouncedValue(search === chosenLabel ? '' : search, 200);
  const { data: found } = useCitationStyles(query);
  const options = (found?.hits.hits ?? []).map((style) => ({
    value: style.id,
    label: styleLabel(style),
  }));
  if (!options.some((option) => option.value === value)) {
    options.unshift({ value, label: chosenLabel });
  }
  return (
    <Select
      label={t('records.citation.style')}
      size="xs"
      searchable
      data={options}
      value={value}
      onChange={(style) => style && onChange(style)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text: show its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={t('records.citation.noStyle')}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
