import 'virtual:english/admin';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminUsers } from '../api/admin.ts';
import { displayName } from '../ui/UserMenu.tsx';

/**
 * Finds an account by name or e-mail address (the administrators' user
 * search) and answers its id: no account numbers to look up and type.
 */
export function UserPicker(props: {
  label: string;
  description?: string;
  /** Whether a choice is needed (adding a member) or optional (a search filter). */
  required?: boolean;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const users = useAdminUsers(query, 1);
  const options = (users.data?.hits.hits ?? []).map((user) => ({
    value: user.id,
    label: user.email ? `${displayName(user)} <${user.email}>` : displayName(user),
  }));
  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder={t('admin.groups.pickerPlaceholder')}
      searchable
      clearable
      required={props.required ?? true}
      data={options}
      value={props.value}
      onChange={props.onChange}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already: every account it answered is a choice.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        users.isFetching ? t('admin.groups.searching') : t('admin.groups.noUser')
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
