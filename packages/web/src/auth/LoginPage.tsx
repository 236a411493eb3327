import '@mantine/core/styles/PasswordInput.css';
import { loginBody } from '@arca/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogIn } from '../api/auth.ts';
import { useSiteConfig } from '../api/config.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { setServerFieldErrors, useFieldErrorText } from '../ui/form-errors.ts';
import { AuthCard } from './AuthCard.tsx';
import { ProviderButtons } from './ProviderButtons.tsx';
import { ProviderError } from './ProviderError.tsx';
import { safeNextPath, signupPath } from './paths.ts';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.login.title'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const { data: config } = useSiteConfig();
  const logIn = useLogIn();
  const fieldErrorText = useFieldErrorText();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = formState;

  const submit = handleSubmit((values) =>
    logIn.mutate(values, {
      onSuccess: () => void navigate(next, { replace: true }),
      onError: (error) => setServerFieldErrors(error, setError),
    }),
  );

  const providers = config?.login_providers ?? [];
  const providerError = <ProviderError code={searchParams.get('provider_error')} />;

  if (config && !config.local_login) {
    return (
      <AuthCard title={t('auth.login.title')}>
        {providerError}
        {providers.length === 0 && <Text>{t('localLoginDisabled', { ns: 'errors' })}</Text>}
        <ProviderButtons providers={providers} next={next} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.login.title')}>
      {providerError}
      <ProviderButtons providers={providers} next={next} />
      {providers.length > 0 && <Divider label={t('auth.login.or')} labelPosition="center" />}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          {logIn.error && <ErrorAlert error={logIn.error} />}
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            {...register('email')}
            error={fieldErrorText(errors.email)}
          />
          <PasswordInput
            label={t('auth.fields.password')}
            autoComplete="current-password"
            {...register('password')}
            error={fieldErrorText(errors.password)}
          />
          <Anchor component={Link} to="/forgot-password" size="sm" underline="always">
            {t('auth.login.forgotLink')}
          </Anchor>
          <Button type="submit" loading={logIn.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      {config?.signup_enabled && (
        <Text size="sm">
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to={signupPath(next)} underline="always">
            {t('auth.login.signUpLink')}
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
