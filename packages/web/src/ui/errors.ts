import type { ErrorMessageKey } from '@arca/schema';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { inCurrentLanguage } from '../i18n/server-messages.ts';

type StatusMessageKey = Extract<
  ErrorMessageKey,
  'unauthorized' | 'permissionDenied' | 'notFound' | 'payloadTooLarge' | 'internal'
>;

/** Our own text for an error answer that came without a message. */
function errorKeyForStatus(status: number): StatusMessageKey | undefined {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'permissionDenied';
  if (status === 404) return 'notFound';
  if (status === 413) return 'payloadTooLarge';
  if (status >= 500) return 'internal';
  return undefined;
}

/** Turns any failure into a sentence for a person: the server's own message when it sent one. */
export function useDescribeError(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof ApiError) {
      // Worded by the server; written again if the language changed since.
      if (error.message) return inCurrentLanguage(error.message, error.language);
      const key = errorKeyForStatus(error.status);
      return key ? t(key, { ns: 'errors' }) : t('common.unexpectedError');
    }
    // fetch rejects with a TypeError when the server cannot be reached.
    if (error instanceof TypeError) return t('common.networkError');
    return t('common.unexpectedError');
  };
}
