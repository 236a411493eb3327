import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useCurrentUser, useVerifyEmail } from '../api/auth.ts';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { AuthCard } from './AuthCard.tsx';
import { loginPath, safeNextPath } from './paths.ts';

/** Where the mailed confirmation link lands: it confirms the address once. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.verify.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const next = safeNextPath(searchParams.get('next'));
  const verify = useVerifyEmail();
  const user = useCurrentUser();
  // The link works once: a second effect run (development's strict mode) must not spend it.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const linkError =
    verify.error instanceof ApiError
      ? verify.error.errors.find((error) => error.field === 'token')?.messages.join(' ')
      : undefined;

  return (
    <AuthCard title={t('auth.verify.title')}>
      <Stack>
        {verify.isPending && (
          <Text role="status">
            <Loader size="xs" mr="xs" />
            {t('auth.verify.pending')}
          </Text>
        )}
        {verify.isSuccess && (
          <>
            <Text role="status">{t('auth.verify.done')}</Text>
            {/* A first sign-in's link opened in another browser makes the account, signed out. */}
            {user.data === null ? (
              <Button component={Link} to={loginPath(next)}>
                {t('auth.login.title')}
              </Button>
            ) : (
              <Button component={Link} to={next}>
                {t('auth.verify.continue')}
              </Button>
            )}
          </>
        )}
        {!token && <Text>{t('auth.reset.missingToken')}</Text>}
        {verify.error &&
          (linkError ? (
            <Text c="red" role="alert">
              {linkError}
            </Text>
          ) : (
            <ErrorAlert error={verify.error} />
          ))}
        {(verify.isError || !token) && (
          <Anchor component={Link} to="/" size="sm" underline="always">
            {t('auth.verify.continue')}
          </Anchor>
        )}
      </Stack>
    </AuthCard>
  );
}
