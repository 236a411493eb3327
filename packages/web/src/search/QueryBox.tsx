import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

interface QueryBoxProps {
  value: string;
  label: string;
  submitLabel: string;
  onSearch: (query: string) => void;
}

export function QueryBox({ value, label, submitLabel, onSearch }: QueryBoxProps) {
  const [query, setQuery] = useState(value);
  // A new address (a creator link, the header's box) brings its own query.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setQuery(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(query.trim());
  };
  return (
    <form onSubmit={submit} role="search" aria-label={label}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          type="search"
          aria-label={label}
          placeholder={label}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit">{submitLabel}</Button>
      </Group>
    </form>
  );
}
