import '@mantine/core/styles/PasswordInput.css';
import { PASSWORD_MIN_LENGTH, signupBody } from '@arca/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSignUp } from '../api/auth.ts';
import { useSiteConfig } from '../api/config.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { setServerFieldErrors, useFieldErrorText } from '../ui/form-errors.ts';
import { AuthCard } from './AuthCard.tsx';
import { loginPath, safeNextPath } from './paths.ts';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

export function SignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.signup.title'));
  const { data: config, isPending } = useSiteConfig();
  if (isPending) return <PageLoader />;
  if (config && !config.signup_enabled) {
    return (
      <AuthCard title={t('auth.signup.title')}>
        <Text>{t('signupDisabled', { ns: 'errors' })}</Text>
      </AuthCard>
    );
  }
  return <SignupForm />;
}

function SignupForm() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const signUp = useSignUp();
  const fieldErrorText = useFieldErrorText();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(signupBody),
    defaultValues: { full_name: '', email: '', password: '' },
  });
  const { errors } = formState;

  if (signUp.isSuccess) {
    // The same words for a new and a known address: the mail says which it was.
    return (
      <AuthCard title={t('auth.signup.title')}>
        <Text role="status">{t('auth.signup.sent', { email: signUp.data.email })}</Text>
        <Button component={Link} to={loginPath(next)}>
          {t('auth.signup.logInLink')}
        </Button>
      </AuthCard>
    );
  }

  // The confirmation mail leads back to where the visitor was going (an invitation, say).
  const submit = handleSubmit((values) =>
    signUp.mutate(next === '/' ? values : { ...values, next }, {
      onError: (error) => setServerFieldErrors(error, setError),
    }),
  );

  return (
    <AuthCard title={t('auth.signup.title')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          {signUp.error && <ErrorAlert error={signUp.error} />}
          <TextInput
            label={t('auth.fields.fullName')}
            autoComplete="name"
            {...register('full_name')}
            error={fieldErrorText(errors.full_name, { max: 255 })}
          />
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            {...register('email')}
            error={fieldErrorText(errors.email, { max: 254 })}
          />
          <PasswordInput
            label={t('auth.fields.password')}
            description={t('auth.fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            {...register('password')}
            error={fieldErrorText(errors.password)}
          />
          <Button type="submit" loading={signUp.isPending}>
            {t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm">
        {t('auth.signup.haveAccount')}{' '}
        <Anchor component={Link} to={loginPath(next)} underline="always">
          {t('auth.signup.logInLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
