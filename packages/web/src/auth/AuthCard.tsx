import { Container, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow card the log-in and sign-up forms sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={420} py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
