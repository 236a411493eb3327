import { signInEmail } from '@arca/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGiveSignInAddress, usePendingSignIn } from '../api/identities.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { setServerFieldErrors, useFieldErrorText } from '../ui/form-errors.ts';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * A first sign-in whose provider shares no address (ORCID): the person gives
 * one, and the link mailed there finishes the sign-in.
 */
export function FinishSignInPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.pending.title'));
  const pending = usePendingSignIn();
  const give = useGiveSignInAddress();
  const fieldErrorText = useFieldErrorText();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(signInEmail),
    defaultValues: { email: '' },
  });

  const back = (
    <Text size="sm">
      <Anchor component={Link} to="/login" underline="always">
        {t('auth.forgot.backToLogin')}
      </Anchor>
    </Text>
  );

  if (pending.isPending) return <PageLoader />;
  if (pending.error) {
    return (
      <AuthCard title={t('auth.pending.title')}>
        <ErrorAlert error={pending.error} />
        {back}
      </AuthCard>
    );
  }
  if (give.isSuccess) {
    return (
      <AuthCard title={t('auth.pending.title')}>
        <Text role="status">{t('auth.pending.sent', { email: give.data.email })}</Text>
      </AuthCard>
    );
  }
  if (!pending.data) {
    return (
      <AuthCard title={t('auth.pending.title')}>
        <Text role="alert">{t('auth.pending.expired')}</Text>
        {back}
      </AuthCard>
    );
  }

  const submit = handleSubmit((values) =>
    give.mutate(values, { onError: (error) => setServerFieldErrors(error, setError) }),
  );

  return (
    <AuthCard title={t('auth.pending.title')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          <Text>{t('auth.pending.intro', { provider: pending.data.provider })}</Text>
          {give.error && <ErrorAlert error={give.error} />}
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            {...register('email')}
            error={fieldErrorText(formState.errors.email, { max: 254 })}
          />
          <Button type="submit" loading={give.isPending}>
            {t('auth.pending.submit')}
          </Button>
        </Stack>
      </form>
      {back}
    </AuthCard>
  );
}
