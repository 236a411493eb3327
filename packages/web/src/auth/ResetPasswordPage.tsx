import 'virtual:english/settings';
import '@mantine/core/styles/PasswordInput.css';
import { PASSWORD_MIN_LENGTH, passwordReset, type PasswordReset } from '@arca/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useResetPassword } from '../api/auth.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { setServerFieldErrors, useFieldErrorText } from '../ui/form-errors.ts';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { AuthCard } from './AuthCard.tsx';

type ResetFormValues = z.input<typeof passwordReset>;

/** Sets a new password with the mailed link's token; every session closes. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.reset.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const fieldErrorText = useFieldErrorText();
  const { register, handleSubmit, setError, formState } = useForm<
    ResetFormValues,
    unknown,
    PasswordReset
  >({
    resolver: zodResolver(passwordReset),
    defaultValues: { token, password: '', revoke_tokens: false },
  });
  const { errors } = formState;
  const askAgain = (
    <Text size="sm">
      <Anchor component={Link} to="/forgot-password" underline="always">
        {t('auth.reset.askAgain')}
      </Anchor>
    </Text>
  );

  if (!token) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Text>{t('auth.reset.missingToken')}</Text>
        {askAgain}
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Text role="status">{t('auth.reset.done')}</Text>
        <Button component={Link} to="/login">
          {t('auth.login.submit')}
        </Button>
      </AuthCard>
    );
  }

  const submit = handleSubmit((values) =>
    reset.mutate(values, { onError: (error) => setServerFieldErrors(error, setError) }),
  );

  return (
    <AuthCard title={t('auth.reset.title')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          {reset.error && <ErrorAlert error={reset.error} />}
          {errors.token && (
            <Text c="red" role="alert">
              {fieldErrorText(errors.token)}
            </Text>
          )}
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
          <Button type="submit" loading={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
      {askAgain}
    </AuthCard>
  );
}
