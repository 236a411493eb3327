import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '../ui/errors.ts';

/** SPEC §8: the server's message, else the client's, under "Something went wrong". */
export function ShareError({ error, title }: { error: unknown; title?: string }) {
  const { t } = useTranslation();
  const describeError = useDescribeError();
  if (!error) return null;
  const message = error instanceof Error && error.message ? error.message : describeError(error);
  return (
    <Alert color="red" variant="light" role="alert" title={title ?? t('sharing.error')}>
      {message}
    </Alert>
  );
}
