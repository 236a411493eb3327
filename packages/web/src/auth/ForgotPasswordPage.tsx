import { passwordForgot } from '@arca/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForgotPassword } from '../api/auth.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { setServerFieldErrors, useFieldErrorText } from '../ui/form-errors.ts';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { AuthCard } from './AuthCard.tsx';

/** Asks for a reset link; the answer reads the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.forgot.title'));
  const forgot = useForgotPassword();
  const fieldErrorText = useFieldErrorText();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(passwordForgot),
    defaultValues: { email: '' },
  });

  const back = (
    <Text size="sm">
      <Anchor component={Link} to="/login" underline="always">
        {t('auth.forgot.backToLogin')}
      </Anchor>
    </Text>
  );

  if (forgot.isSuccess) {
    return (
      <AuthCard title={t('auth.forgot.title')}>
        <Text role="status">{t('auth.forgot.sent', { email: forgot.data.email })}</Text>
        {back}
      </AuthCard>
    );
  }

  const submit = handleSubmit((values) =>
    forgot.mutate(values, { onError: (error) => setServerFieldErrors(error, setError) }),
  );

  return (
    <AuthCard title={t('auth.forgot.title')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          <Text>{t('auth.forgot.intro')}</Text>
          {forgot.error && <ErrorAlert error={forgot.error} />}
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            {...register('email')}
            error={fieldErrorText(formState.errors.email, { max: 254 })}
          />
          <Button type="submit" loading={forgot.isPending}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      </form>
      {back}
    </AuthCard>
  );
}
