import { Button, Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositFormValues, FundingValue } from '../../form-values.ts';
import { describedBy, GroupError, useFieldError } from '../field-error.tsx';
import { RowActions } from '../RowActions.tsx';
const FundingModal = lazy(() =>
  import('./FundingModal.tsx').then((module) => ({ default: module.FundingModal })),
);

/** Funding: a funder and an award, both from /api/funders and /api/awards, or custom. */
export function FundingField() {
  const { t } = useTranslation();
  const { control } = useFormContext<DepositFormValues>();
  const { fields, append, remove, update } = useFieldArray({
    control,
    name: 'metadata.funding',
    keyName: 'key',
  });
  const [editing, setEditing] = useState<number | 'new'>();
  return (
    <Fieldset legend={t('deposit.fields.funding.label')} variant="unstyled">
      <Stack gap="xs">
        {fields.map((field, index) => (
          <FundingRow
            key={field.key}
            index={index}
            value={field}
            onEdit={() => setEditing(index)}
            onRemove={() => remove(index)}
          />
        ))}
        <Group>
          <Button variant="light" size="xs" onClick={() => setEditing('new')}>
            {t('deposit.fields.funding.add')}
          </Button>
        </Group>
      </Stack>
      {editing !== undefined && (
        <Suspense fallback={null}>
          <FundingModal
            initial={editing === 'new' ? undefined : fields[editing]}
            onClose={() => setEditing(undefined)}
            onSave={(value: FundingValue) => {
              if (editing === 'new') append(value);
              else update(editing, value);
              setEditing(undefined);
            }}
          />
        </Suspense>
      )}
    </Fieldset>
  );
}

function FundingRow({
  index,
  value,
  onEdit,
  onRemove,
}: {
  index: number;
  value: FundingValue;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const error = useFieldError(`metadata.funding.${index}.funder`);
  const errorId = useId();
  const award = value.award;
  return (
    <Paper withBorder p="xs">
      <Group wrap="nowrap">
        <Stack gap={0} style={{ flex: 1 }}>
          <Text size="sm" fw={500}>
            {value.funder.name}
          </Text>
          {award && (
            <Text size="xs" c="dimmed">
              {[award.number, award.title].filter(Boolean).join(' — ')}
            </Text>
          )}
          <GroupError id={errorId} error={error} />
        </Stack>
        <RowActions
          edit={{
            text: t('deposit.fields.funding.edit'),
            label: t('deposit.fields.funding.editNamed', { funder: value.funder.name }),
          }}
          remove={{
            text: t('deposit.fields.funding.remove'),
            label: t('deposit.fields.funding.removeNamed', { funder: value.funder.name }),
          }}
          onEdit={onEdit}
          onRemove={onRemove}
          describedBy={describedBy(errorId, error)}
        />
      </Group>
    </Paper>
  );
}
