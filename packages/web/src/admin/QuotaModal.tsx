import 'virtual:english/admin';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

export interface QuotaField {
  name: string;
  label: string;
  value: number | undefined;
}

/** A button opening a small form of whole numbers (a quota's limits), with what is used above it. */
export function QuotaModal(props: {
  title: string;
  buttonLabel: string;
  fields: QuotaField[];
  onOpen: () => void;
  summary: ReactNode;
  error: unknown;
  saving: boolean;
  onSave: (values: Record<string, number>, close: () => void) => void;
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const shown = (field: QuotaField) => values[field.name] ?? String(field.value ?? '');
  const parsed = Object.fromEntries(
    props.fields.map((field) => [field.name, Number(shown(field))]),
  );
  const valid = Object.values(parsed).every((value) => Number.isSafeInteger(value) && value >= 0);

  return (
    <>
      <Button
        size="xs"
        variant="default"
        aria-label={props.buttonLabel}
        onClick={() => {
          setValues({});
          props.onOpen();
          open();
        }}
      >
        {t('admin.quota.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={props.title}>
        <Stack>
          {props.summary}
          {props.error ? <ErrorAlert error={props.error} /> : null}
          {props.fields.map((field) => (
            <TextInput
              key={field.name}
              label={field.label}
              inputMode="numeric"
              required
              value={shown(field)}
              error={
                Number.isSafeInteger(Number(shown(field))) && Number(shown(field)) >= 0
                  ? undefined
                  : t('admin.quota.invalid')
              }
              onChange={(event) =>
                setValues((current) => ({ ...current, [field.name]: event.currentTarget.value }))
              }
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('records.deletion.cancel')}
            </Button>
            <Button
              disabled={!valid}
              loading={props.saving}
              onClick={() => props.onSave(parsed, close)}
            >
              {t('admin.quota.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
