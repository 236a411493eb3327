import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorInput.css';
import { Button, ColorInput, Group, Stack, Switch } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { serverFieldErrors } from './field-errors.ts';

export interface ThemeValues {
  enabled: boolean;
  color: string;
}

interface ThemeFormProps {
  slug: string;
  initial: ThemeValues;
  pending: boolean;
  error: unknown;
  saved: boolean;
  onSubmit: (values: ThemeValues) => void;
}

/** The brand colour and the dedicated upload form (`/communities/{slug}/upload`). */
export function ThemeForm({ slug, initial, pending, error, saved, onSubmit }: ThemeFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const errors = serverFieldErrors(error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...values, color: values.color.trim() });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error !== null && error !== undefined && <ErrorAlert error={error} />}
        <ColorInput
          label={t('communities.form.brandColor')}
          description={t('communities.form.brandColorHelp')}
          format="hex"
          // Its eye-dropper button has no name of its own; typing or picking is enough.
          withEyeDropper={false}
          // What was typed stays, so that the server's message says what is wrong with it.
          fixOnBlur={false}
          value={values.color}
          error={errors['theme.style.primaryColor']}
          onChange={(color) => setValues((old) => ({ ...old, color }))}
          maw={320}
        />
        <Switch
          label={t('communities.form.themeEnabled')}
          description={t('communities.form.themeEnabledHelp', {
            url: `/communities/${slug}/upload`,
          })}
          checked={values.enabled}
          onChange={(event) => {
            const enabled = event.currentTarget.checked;
            setValues((old) => ({ ...old, enabled }));
          }}
        />
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
