import { Alert } from '@mantine/core';
import { useDescribeError } from './errors.ts';

export function ErrorAlert({ error }: { error: unknown }) {
  const describeError = useDescribeError();
  return (
    <Alert color="red" variant="light" role="alert">
      {describeError(error)}
    </Alert>
  );
}
