import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAffiliationSuggestions } from '../../../api/affiliations.ts';
import { useVocabulary } from '../../../api/vocabularies.ts';
import {
  emptyCreatibutor,
  type AffiliationValue,
  type CreatibutorValue,
  type PersonOrOrgType,
} from '../../form-values.ts';
import { useValidationText } from '../field-error.tsx';
import { checkCreatibutor, type CreatibutorKind } from './check-creatibutor.ts';
import { useIdentifierLookup } from './identifier-lookup.ts';
import { useReturnFocus } from '../../../ui/useReturnFocus.ts';
import { serverMatches } from '../server-matches.ts';

/** "Added" shows this long after "Save and add another" (SPEC §2). */
export const ADDED_NOTICE_MS = 2000;

const NO_PROBLEMS: ReadonlyMap<string, string> = new Map();

const SCHEMES: Record<PersonOrOrgType, ('orcid' | 'ror' | 'gnd')[]> = {
  personal: ['orcid', 'gnd'],
  organizational: ['ror', 'gnd'],
};

interface CreatibutorModalProps {
  kind: CreatibutorKind;
  initial?: CreatibutorValue;
  onClose: () => void;
  onSave: (value: CreatibutorValue) => void;
}

function identifierOf(value: CreatibutorValue, scheme: string): string {
  return value.person_or_org.identifiers.find((item) => item.scheme === scheme)?.identifier ?? '';
}

function withIdentifier(
  value: CreatibutorValue,
  scheme: string,
  identifier: string,
): CreatibutorValue {
  const others = value.person_or_org.identifiers.filter((item) => item.scheme !== scheme);
  const identifiers = identifier.trim() ? [...others, { scheme, identifier }] : others;
  return { ...value, person_or_org: { ...value.person_or_org, identifiers } };
}

/** Add or edit a creator or contributor: a person or an organisation (SPEC §2, §5). */
export function CreatibutorModal({ kind, initial, onClose, onSave }: CreatibutorModalProps) {
  const { t } = useTranslation();
  useReturnFocus();
  const [value, setValue] = useState<CreatibutorValue>(initial ?? emptyCreatibutor());
  // After a refused save the messages follow the values, so a fixed field clears at once.
  const [checked, setChecked] = useState(false);
  const [added, setAdded] = useState(false);
  const validationText = useValidationText();
  const person = value.person_or_org;
  const roles = useVocabulary(kind === 'creators' ? 'creatorsroles' : 'contributorsroles');
  const action = initial ? 'edit' : 'add';
  const errors = checked ? checkCreatibutor(kind, value) : NO_PROBLEMS;

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const setPerson = (patch: Partial<CreatibutorValue['person_or_org']>) =>
    setValue((current) => ({ ...current, person_or_org: { ...current.person_or_org, ...patch } }));

  const orcid = identifierOf(value, 'orcid');
  const ror = identifierOf(value, 'ror');
  useIdentifierLookup('orcid', person.type === 'personal' ? orcid : '', (entry) =>
    setValue((current) => ({
      ...current,
      person_or_org: {
        ...current.person_or_org,
        family_name: current.person_or_org.family_name || (entry.family_name ?? ''),
        given_name: current.person_or_org.given_name || (entry.given_name ?? ''),
      },
      affiliations:
        current.affiliations.length > 0 ? current.affiliations : (entry.affiliations ?? []),
    })),
  );
  useIdentifierLookup('ror', person.type === 'organizational' ? ror : '', (entry) =>
    setPerson({ name: person.name || entry.name }),
  );

  const save = (another: boolean) => {
    if (checkCreatibutor(kind, value).size > 0) {
      setChecked(true);
      return;
    }
    onSave(value);
    if (another) {
      setValue(emptyCreatibutor());
      setChecked(false);
      setAdded(true);
    } else {
      onClose();
    }
  };
  const errorOf = (field: string) => {
    const message = errors.get(field);
    return message ? validationText(message) : undefined;
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(`deposit.fields.creatibutors.${kind}.${action}`)}
    >
      <Stack>
        <SegmentedControl
          value={person.type}
          onChange={(type) => setPerson({ type: type })}
          data={[
            { value: 'personal', label: t('deposit.fields.creatibutors.person') },
            { value: 'organizational', label: t('deposit.fields.creatibutors.organization') },
          ]}
        />
        {person.type === 'personal' ? (
          <Group grow align="flex-start">
            <TextInput
              label={t('deposit.fields.creatibutors.familyName')}
              withAsterisk
              value={person.family_name}
              onChange={(event) => setPerson({ family_name: event.currentTarget.value })}
              error={errorOf('person_or_org.family_name')}
              data-autofocus
            />
            <TextInput
              label={t('deposit.fields.creatibutors.givenNames')}
              value={person.given_name}
              onChange={(event) => setPerson({ given_name: event.currentTarget.value })}
              error={errorOf('person_or_org.given_name')}
            />
          </Group>
        ) : (
          <TextInput
            label={t('deposit.fields.creatibutors.name')}
            withAsterisk
            value={person.name}
            onChange={(event) => setPerson({ name: event.currentTarget.value })}
            error={errorOf('person_or_org.name')}
          />
        )}
        <Group grow align="flex-start">
          {SCHEMES[person.type].map((scheme) => {
            const index = person.identifiers.findIndex((item) => item.scheme === scheme);
            return (
              <TextInput
                key={scheme}
                label={t(`deposit.fields.creatibutors.schemes.${scheme}`)}
                value={identifierOf(value, scheme)}
                onChange={(event) =>
                  setValue(withIdentifier(value, scheme, event.currentTarget.value))
                }
                error={
                  index >= 0
                    ? (errorOf(`person_or_org.identifiers.${index}.identifier`) ??
                      errorOf(`person_or_org.identifiers.${index}.scheme`))
                    : undefined
                }
              />
            );
          })}
        </Group>
        {person.type === 'personal' && (
          <AffiliationsInput
            value={value.affiliations}
            onChange={(affiliations) => setValue({ ...value, affiliations })}
          />
        )}
        <Select
          label={t('deposit.fields.creatibutors.role')}
          withAsterisk={kind === 'contributors'}
          data={(roles.data ?? []).map((role) => ({ value: role.id, label: role.title_l10n }))}
          value={value.role || null}
          onChange={(role) => setValue({ ...value, role: role ?? '' })}
          clearable
          searchable
          error={errorOf('role')}
        />
        <Group justify="flex-end">
          {added && (
            <Text c="green" size="sm" role="status">
              {t('deposit.fields.creatibutors.added')}
            </Text>
          )}
          <Button variant="default" onClick={onClose}>
            {t('deposit.actions.cancel')}
          </Button>
          {!initial && (
            <Button variant="light" onClick={() => save(true)}>
              {t('deposit.fields.creatibutors.saveAndAddAnother')}
            </Button>
          )}
          <Button onClick={() => save(false)}>{t('deposit.fields.creatibutors.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Affiliations: names from /api/affiliations keep their id; anything else is free text. */
function AffiliationsInput({
  value,
  onChange,
}: {
  value: AffiliationValue[];
  onChange: (value: AffiliationValue[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const { data = [] } = useAffiliationSuggestions(typed);
  const ids = new Map(data.map((affiliation) => [affiliation.name, affiliation.id]));
  return (
    <TagsInput
      label={t('deposit.fields.creatibutors.affiliations')}
      data={[...ids.keys()]}
      value={value.map((affiliation) => affiliation.name)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverMatches}
      onChange={(names) =>
        onChange(
          names.map((name) => {
            const existing = value.find((affiliation) => affiliation.name === name);
            if (existing) return existing;
            const id = ids.get(name);
            return id ? { id, name } : { name };
          }),
        )
      }
    />
  );
}
