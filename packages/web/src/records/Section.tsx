import { Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled part of the record page, reachable as a named region. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
