import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const CODES = [
  'denied',
  'expired',
  'state',
  'failed',
  'unavailable',
  'noAccount',
  'noEmail',
  'unverifiedAccount',
  'domain',
  'taken',
] as const;

/** Why a sign-in or link through a provider failed (the server's `provider_error`). */
export function ProviderError({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  const known = CODES.find((candidate) => candidate === code);
  const message =
    code === 'inactive'
      ? t('accountInactive', { ns: 'errors' })
      : t(`auth.providerError.${known ?? 'failed'}`);
  return (
    <Alert color="red" title={t('auth.providerError.title')} role="alert">
      {message}
    </Alert>
  );
}
