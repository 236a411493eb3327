import { ActionIcon, Button, Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import { lazy, memo, Suspense, useCallback, useId, useMemo, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CreatibutorValue, DepositFormValues } from '../../form-values.ts';
import { personName } from '../../serializer.ts';
import { describedBy, GroupError, useFieldError } from '../field-error.tsx';
import { RowActions } from '../RowActions.tsx';
import { MoveButtons, SortableItem, SortableList } from '../SortableList.tsx';
// Modals load when first opened: they are not needed to show the form.
const CreatibutorModal = lazy(() =>
  import('./CreatibutorModal.tsx').then((module) => ({ default: module.CreatibutorModal })),
);

type Name = 'metadata.creators' | 'metadata.contributors';

export function displayName(value: CreatibutorValue): string {
  const person = value.person_or_org;
  return person.type === 'personal'
    ? personName(person.family_name, person.given_name)
    : person.name;
}

/** Creators or contributors: a reorderable list, added and edited in a modal. */
export function CreatibutorsField({ name }: { name: Name }) {
  const { t } = useTranslation();
  const kind = name === 'metadata.creators' ? 'creators' : 'contributors';
  const { control } = useFormContext<DepositFormValues>();
  const { fields, append, remove, update, move } = useFieldArray({ control, name, keyName: 'key' });
  const [editing, setEditing] = useState<number | 'new'>();
  const listError = useFieldError(name);
  const listErrorId = useId();
  const ids = useMemo(() => fields.map((field) => field.key), [fields]);
  const nameOf = useCallback(
    (key: string) => {
      const field = fields.find((candidate) => candidate.key === key);
      return (field && displayName(field)) || t('deposit.fields.creatibutors.unnamed');
    },
    [fields, t],
  );

  return (
    <Fieldset
      legend={t(`deposit.fields.creatibutors.${kind}.label`)}
      variant="unstyled"
      data-testid={`${kind}-field`}
      aria-describedby={describedBy(listErrorId, listError)}
    >
      <Stack gap={4}>
        <SortableList ids={ids} nameOf={nameOf} onMove={move}>
          {fields.map((field, index) => (
            <CreatibutorRow
              key={field.key}
              sortId={field.key}
              path={`${name}.${index}`}
              index={index}
              value={field}
              onEdit={setEditing}
              onRemove={remove}
            />
          ))}
        </SortableList>
        <GroupError id={listErrorId} error={listError} />
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => setEditing('new')}
            aria-describedby={describedBy(listErrorId, listError)}
          >
            {t(`deposit.fields.creatibutors.${kind}.add`)}
          </Button>
        </Group>
      </Stack>
      {editing !== undefined && (
        <Suspense fallback={null}>
          <CreatibutorModal
            kind={kind}
            initial={editing === 'new' ? undefined : fields[editing]}
            onClose={() => setEditing(undefined)}
            onSave={(value) => (editing === 'new' ? append(value) : update(editing, value))}
          />
        </Suspense>
      )}
    </Fieldset>
  );
}

interface CreatibutorRowProps {
  sortId: string;
  path: string;
  index: number;
  value: CreatibutorValue;
  /** Stable functions of the list, so a row re-renders only when its own entry changes. */
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}

/** One row; errors of the entry (any of its fields) show under it. */
const CreatibutorRow = memo(function CreatibutorRow({
  sortId,
  path,
  index,
  value,
  onEdit,
  onRemove,
}: CreatibutorRowProps) {
  const { t } = useTranslation();
  const error = useRowError(path);
  const errorId = useId();
  const name = displayName(value);
  return (
    <SortableItem id={sortId}>
      {({ ref, style, handleProps }) => (
        <Paper
          ref={ref}
          withBorder
          px="xs"
          py={4}
          style={{
            ...style,
            // Off-screen rows of a long list skip layout and paint.
            contentVisibility: 'auto',
            containIntrinsicSize: 'auto 38px',
          }}
        >
          <Group wrap="nowrap" gap="xs">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('deposit.fields.creatibutors.drag', { name })}
              {...handleProps}
            >
              ⋮⋮
            </ActionIcon>
            <Stack gap={0} style={{ flex: 1 }}>
              <Text size="sm">
                {name || t('deposit.fields.creatibutors.unnamed')}
                {value.affiliations.length > 0 && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({value.affiliations.map((affiliation) => affiliation.name).join('; ')})
                  </Text>
                )}
              </Text>
              {error && (
                <Text id={errorId} size="xs" c="red">
                  {error}
                </Text>
              )}
            </Stack>
            <MoveButtons id={sortId} name={name || t('deposit.fields.creatibutors.unnamed')} />
            <RowActions
              edit={{
                text: t('deposit.fields.creatibutors.edit'),
                label: t('deposit.fields.creatibutors.editNamed', { name }),
              }}
              remove={{
                text: t('deposit.fields.creatibutors.remove'),
                label: t('deposit.fields.creatibutors.removeNamed', { name }),
              }}
              onEdit={() => onEdit(index)}
              onRemove={() => onRemove(index)}
              describedBy={error ? errorId : undefined}
            />
          </Group>
        </Paper>
      )}
    </SortableItem>
  );
});

/** Every message of the entry's fields, e.g. `…0.person_or_org.family_name`. */
function useRowError(path: string): string | undefined {
  const error = useFieldError(path);
  const family = useFieldError(`${path}.person_or_org.family_name`);
  const name = useFieldError(`${path}.person_or_org.name`);
  const role = useFieldError(`${path}.role`);
  const messages = [error, family, name, role].map((item) => item?.message).filter(Boolean);
  return messages.length > 0 ? messages.join(' ') : undefined;
}
