import { Button, Group, Radio, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';

export interface PolicyChoice {
  /** The field of `access` it sets. */
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

interface PolicyFormProps {
  choices: PolicyChoice[];
  initial: Record<string, string>;
  pending: boolean;
  error: unknown;
  saved: boolean;
  onSubmit: (values: Record<string, string>) => void;
}

/** A few radio groups saved together: the privileges, or the submission policy. */
export function PolicyForm({ choices, initial, pending, error, saved, onSubmit }: PolicyFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="lg">
        {error !== null && error !== undefined && <ErrorAlert error={error} />}
        {choices.map((choice) => (
          <Radio.Group
            key={choice.name}
            label={choice.label}
            value={values[choice.name] ?? ''}
            onChange={(value) => setValues((old) => ({ ...old, [choice.name]: value }))}
          >
            <Stack gap="xs" mt="xs">
              {choice.options.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Stack>
          </Radio.Group>
        ))}
        <Group>
          <Button type="submit" loading={pending}>
            {t('communities.settings.save')}
          </Button>
          {saved && <span role="status">{t('communities.settings.saved')}</span>}
        </Group>
      </Stack>
    </form>
  );
}
