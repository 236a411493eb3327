import 'virtual:english/settings';
import '@mantine/core/styles/PasswordInput.css';
import { PASSWORD_MIN_LENGTH, passwordChange, type PasswordChange } from '@arca/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useChangePassword } from '../api/profile.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { setServerFieldErrors, useFieldErrorText } from '../ui/form-errors.ts';
import { notify } from '../ui/notify.tsx';

type PasswordFormValues = z.input<typeof passwordChange>;

const empty: PasswordFormValues = { current_password: '', password: '', revoke_tokens: false };

/**
 * A new password closes the sessions on every other device; the tokens of
 * scripts go too only when the user ticks the box (issue 22).
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldErrorText = useFieldErrorText();
  const change = useChangePassword();
  const { register, handleSubmit, setError, reset, formState } = useForm<
    PasswordFormValues,
    unknown,
    PasswordChange
  >({ resolver: zodResolver(passwordChange), defaultValues: empty });
  const { errors } = formState;

  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        reset(empty);
        void notify({ color: 'green', message: t('settings.password.changed') });
      },
      onError: (error) => setServerFieldErrors(error, setError),
    }),
  );

  return (
    <form noValidate aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
      <Stack maw={560}>
        <Title order={3} id={titleId}>
          {t('settings.password.title')}
        </Title>
        {change.error && <ErrorAlert error={change.error} />}
        <PasswordInput
          label={t('settings.password.current')}
          autoComplete="current-password"
          {...register('current_password')}
          error={fieldErrorText(errors.current_password)}
        />
        <PasswordInput
          label={t('settings.password.new')}
          description={t('auth.fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          {...register('password')}
          error={fieldErrorText(errors.password)}
        />
        <Checkbox
          label={t('settings.password.revokeTokens')}
          description={t('settings.password.revokeTokensHelp')}
          {...register('revoke_tokens')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('settings.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
