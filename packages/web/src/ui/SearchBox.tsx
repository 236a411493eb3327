import { TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createSearchParams, useNavigate } from 'react-router';

export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  const search = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ pathname: '/search', search: `?${createSearchParams({ q: query.trim() })}` });
  };

  return (
    <form role="search" onSubmit={search}>
      <TextInput
        type="search"
        aria-label={t('header.search.label')}
        placeholder={t('header.search.placeholder')}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
    </form>
  );
}
