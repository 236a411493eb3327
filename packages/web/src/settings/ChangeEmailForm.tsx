import 'virtual:english/settings';
import '@mantine/core/styles/PasswordInput.css';
import { emailChange, type EmailChange } from '@arca/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useChangeEmail } from '../api/profile.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { setServerFieldErrors, useFieldErrorText } from '../ui/form-errors.ts';

type EmailFormValues = z.input<typeof emailChange>;

const empty: EmailFormValues = { email: '', current_password: '' };

/** The address changes only once the link mailed to the new one is followed. */
export function ChangeEmailForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldErrorText = useFieldErrorText();
  const change = useChangeEmail();
  const { register, handleSubmit, setError, reset, formState } = useForm<
    EmailFormValues,
    unknown,
    EmailChange
  >({ resolver: zodResolver(emailChange), defaultValues: empty });
  const { errors } = formState;

  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => reset(empty),
      onError: (error) => setServerFieldErrors(error, setError),
    }),
  );

  return (
    <form noValidate aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
      <Stack maw={560}>
        <Title order={3} id={titleId}>
          {t('settings.email.title')}
        </Title>
        <Text>{t('settings.email.current', { email })}</Text>
        {change.error && <ErrorAlert error={change.error} />}
        {change.data && (
          <Alert color="green" role="status">
            {t('settings.email.sent', { email: change.data.email })}
          </Alert>
        )}
        <TextInput
          type="email"
          label={t('settings.email.new')}
          autoComplete="email"
          {...register('email')}
          error={fieldErrorText(errors.email)}
        />
        <PasswordInput
          label={t('settings.password.current')}
          autoComplete="current-password"
          {...register('current_password')}
          error={fieldErrorText(errors.current_password)}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('settings.email.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
