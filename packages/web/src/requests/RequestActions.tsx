import type { RequestActionKey, RequestItem } from '@arca/schema';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestAction } from '../api/requests.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

// Only what the server lists in links.actions is offered: the UI never re-derives a rule.
const OFFERED: { action: RequestActionKey; color: string }[] = [
  { action: 'accept', color: 'green' },
  { action: 'decline', color: 'red' },
  { action: 'cancel', color: 'gray' },
];

export function RequestActions({ request }: { request: RequestItem }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const act = useRequestAction(request);
  const offered = OFFERED.filter(({ action }) => request.links.actions[action]);
  if (offered.length === 0) return null;

  return (
    <Stack gap="xs">
      <Textarea
        label={t('requests.actionComment')}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        minRows={2}
      />
      <Group>
        {offered.map(({ action, color }) => (
          <Button
            key={action}
            color={color}
            loading={act.isPending && act.variables.action === action}
            disabled={act.isPending}
            onClick={() => act.mutate({ action, comment }, { onSuccess: () => setComment('') })}
          >
            {t(`requests.actions.${action}`)}
          </Button>
        ))}
      </Group>
      {act.error && <ErrorAlert error={act.error} />}
    </Stack>
  );
}
