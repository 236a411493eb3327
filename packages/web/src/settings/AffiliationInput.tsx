import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Ref } from 'react';
import { useAffiliationSuggestions } from '../api/affiliations.ts';
import { serverMatches } from '../deposit/fields/server-matches.ts';

interface AffiliationInputProps {
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  ref: Ref<HTMLInputElement>;
}

/** Free text, with names from the affiliations vocabulary suggested while typing. */
export function AffiliationInput({ value, ...inputProps }: AffiliationInputProps) {
  const [typed] = useDebouncedValue(value, 250);
  const { data: suggestions = [] } = useAffiliationSuggestions(typed);
  const names = [...new Set(suggestions.map((affiliation) => affiliation.name))];

  return <Autocomplete {...inputProps} value={value} data={names} filter={serverMatches} />;
}
