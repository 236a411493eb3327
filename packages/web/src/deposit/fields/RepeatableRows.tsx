import { ActionIcon, Button, Fieldset, Group, Stack } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useFieldArray, useFormContext, type FieldArrayPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositFormValues } from '../form-values.ts';
import { describedBy, GroupError, useFieldError } from './field-error.tsx';

interface RepeatableRowsProps<Row> {
  name: FieldArrayPath<DepositFormValues>;
  label: string;
  addLabel: string;
  newRow: () => Row;
  renderRow: (prefix: string, index: number) => ReactNode;
}

/** A list of rows with Add and Remove, each row's inputs under `name.{index}`. */
export function RepeatableRows<Row>({
  name,
  label,
  addLabel,
  newRow,
  renderRow,
}: RepeatableRowsProps<Row>) {
  const { t } = useTranslation();
  const { control } = useFormContext<DepositFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const listError = useFieldError(name);
  const listErrorId = useId();
  return (
    <Fieldset
      legend={label}
      variant="unstyled"
      aria-describedby={describedBy(listErrorId, listError)}
    >
      <Stack gap="xs">
        {fields.map((field, index) => (
          <Group key={field.id} align="flex-start" wrap="nowrap" gap="xs">
            <Group grow align="flex-start" style={{ flex: 1 }} wrap="wrap">
              {renderRow(`${name}.${index}`, index)}
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={t('deposit.fields.removeRow', { label, number: index + 1 })}
              onClick={() => remove(index)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <GroupError id={listErrorId} error={listError} />
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => append(newRow() as never)}
            aria-describedby={describedBy(listErrorId, listError)}
          >
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
