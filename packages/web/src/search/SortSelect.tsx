import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface SortSelectProps {
  options: readonly string[];
  value: string;
  onChange: (sort: string) => void;
}

/** The sort orders the API offers (API.md §6.2), by their translated names. */
export function SortSelect({ options, value, onChange }: SortSelectProps) {
  const { t } = useTranslation();
  const labels: Record<string, string> = {
    bestmatch: t('search.sort.bestmatch'),
    newest: t('search.sort.newest'),
    oldest: t('search.sort.oldest'),
    version: t('search.sort.version'),
    mostviewed: t('search.sort.mostviewed'),
    mostdownloaded: t('search.sort.mostdownloaded'),
    'updated-desc': t('search.sort.updated-desc'),
    'updated-asc': t('search.sort.updated-asc'),
  };
  return (
    <NativeSelect
      label={t('search.sort.label')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={options.map((option) => ({ value: option, label: labels[option] ?? option }))}
    />
  );
}
