import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useResendVerification } from '../api/auth.ts';
import { useSiteConfig } from '../api/config.ts';
import { ErrorAlert } from './ErrorAlert.tsx';

/**
 * Tells a signed-in user whose address is not confirmed what they cannot do
 * yet (the server refuses it), and sends the link again on request.
 */
export function UnverifiedNotice() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data: config } = useSiteConfig();
  const resend = useResendVerification();
  if (!user || user.email_verified !== false || !config?.email_verification_required) return null;
  return (
    <Alert color="yellow" variant="light" mb="md">
      <Text size="sm">{t('auth.unverified.notice')}</Text>
      <Group mt="xs">
        {resend.isSuccess ? (
          <Text size="sm" role="status">
            {t('auth.unverified.sent', { email: resend.data.email })}
          </Text>
        ) : (
          <Button
            size="xs"
            variant="light"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {t('auth.unverified.resend')}
          </Button>
        )}
      </Group>
      {resend.error && <ErrorAlert error={resend.error} />}
    </Alert>
  );
}
