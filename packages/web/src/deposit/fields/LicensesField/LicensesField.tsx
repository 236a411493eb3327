import { ActionIcon, Anchor, Button, Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useId, useMemo, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLicense } from '../../../api/vocabularies.ts';
import type { DepositFormValues, LicenseValue } from '../../form-values.ts';
import { LICENSE_DESCRIPTION_LENGTH, truncate } from '../../summary.ts';
import { describedBy, GroupError, useFieldError } from '../field-error.tsx';
import { RowActions } from '../RowActions.tsx';
import { MoveButtons, SortableItem, SortableList } from '../SortableList.tsx';
import type { LicenseModalState } from './LicenseModal.tsx';

const LicenseModal = lazy(() =>
  import('./LicenseModal.tsx').then((module) => ({ default: module.LicenseModal })),
);

/** Licences: a reorderable list with Edit and Remove, and Add standard / Add custom (SPEC §2). */
export function LicensesField() {
  const { t } = useTranslation();
  const { control } = useFormContext<DepositFormValues>();
  const { fields, append, remove, update, move } = useFieldArray({
    control,
    name: 'metadata.rights',
    // Licences have an `id` of their own: the list's row keys go elsewhere.
    keyName: 'key',
  });
  const [modal, setModal] = useState<LicenseModalState>();
  const ids = useMemo(() => fields.map((field) => field.key), [fields]);
  const nameOf = useCallback(
    (key: string) => fields.find((field) => field.key === key)?.title ?? '',
    [fields],
  );

  return (
    <Fieldset legend={t('deposit.fields.licenses.label')} variant="unstyled">
      <Stack gap="xs">
        <SortableList ids={ids} nameOf={nameOf} onMove={move}>
          {fields.map((field, index) => (
            <LicenseItem
              key={field.key}
              id={field.key}
              index={index}
              license={field}
              onEdit={() =>
                setModal({
                  action: 'change',
                  mode: field.id ? 'standard' : 'custom',
                  index,
                  initial: field,
                })
              }
              onRemove={() => remove(index)}
            />
          ))}
        </SortableList>
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            onClick={() => setModal({ action: 'add', mode: 'standard' })}
          >
            {t('deposit.fields.licenses.addStandard')}
          </Button>
          <Button
            variant="light"
            size="xs"
            onClick={() => setModal({ action: 'add', mode: 'custom' })}
          >
            {t('deposit.fields.licenses.addCustom')}
          </Button>
        </Group>
      </Stack>
      {modal && (
        <Suspense fallback={null}>
          <LicenseModal
            state={modal}
            onClose={() => setModal(undefined)}
            onSwitchToCustom={() => setModal({ ...modal, mode: 'custom' })}
            onSubmit={(license: LicenseValue) => {
              if (modal.index === undefined) append(license);
              else update(modal.index, license);
              setModal(undefined);
            }}
          />
        </Suspense>
      )}
    </Fieldset>
  );
}

interface LicenseItemProps {
  id: string;
  index: number;
  license: LicenseValue;
  onEdit: () => void;
  onRemove: () => void;
}

/** A standard licence in the interface language; a custom one as it was typed. */
function useLicenseTexts(license: LicenseValue) {
  const { data } = useLicense(license.id);
  return {
    title: data?.title_l10n ?? license.title,
    description: data?.description_l10n ?? license.description,
  };
}

function LicenseItem({ id, index, license: value, onEdit, onRemove }: LicenseItemProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const error = useFieldError(`metadata.rights.${index}`);
  const errorId = useId();
  const license = { ...value, ...useLicenseTexts(value) };
  const long = [...license.description].length > LICENSE_DESCRIPTION_LENGTH;
  return (
    <SortableItem id={id}>
      {({ ref, style, handleProps }) => (
        <Paper ref={ref} withBorder p="xs" style={style} data-testid="license-item">
          <Group wrap="nowrap" align="flex-start">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('deposit.fields.licenses.drag', { title: license.title })}
              {...handleProps}
            >
              ⋮⋮
            </ActionIcon>
            <Stack gap={2} style={{ flex: 1 }}>
              <Text fw={500} size="sm">
                {license.title}
              </Text>
              {license.description && (
                <Text size="xs" c="dimmed">
                  {expanded
                    ? license.description
                    : truncate(license.description, LICENSE_DESCRIPTION_LENGTH)}{' '}
                  {long && !expanded && (
                    <Anchor
                      component="button"
                      type="button"
                      size="xs"
                      onClick={() => setExpanded(true)}
                    >
                      {t('deposit.fields.licenses.readMore')}
                    </Anchor>
                  )}
                </Text>
              )}
              {license.link && (
                <Anchor href={license.link} target="_blank" rel="noopener" size="xs">
                  {license.link}
                </Anchor>
              )}
              <GroupError id={errorId} error={error} />
            </Stack>
            <Group gap={4}>
              <MoveButtons id={id} name={license.title} />
              <RowActions
                edit={{
                  text: t('deposit.fields.licenses.edit'),
                  label: t('deposit.fields.licenses.editNamed', { title: license.title }),
                }}
                remove={{
                  text: t('deposit.fields.licenses.remove'),
                  label: t('deposit.fields.licenses.removeNamed', { title: license.title }),
                }}
                onEdit={onEdit}
                onRemove={onRemove}
                describedBy={describedBy(errorId, error)}
              />
            </Group>
          </Group>
        </Paper>
      )}
    </SortableItem>
  );
}
