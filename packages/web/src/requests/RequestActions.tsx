import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type RequestJson, useRequestAction } from '../api/requests.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

const ACTIONS = [
  { name: 'accept', color: 'green' },
  { name: 'decline', color: 'red' },
  { name: 'cancel', color: 'gray' },
] as const;

/** Accept, decline, cancel: only those the server lists in `links.actions` for this caller. */
export function RequestActions({ request, token }: { request: RequestJson; token?: string }) {
  const { t } = useTranslation();
  const action = useRequestAction(request, token);
  const offered = ACTIONS.filter(({ name }) => request.links.actions[name] !== undefined);
  if (offered.length === 0) return null;
  return (
    <>
      <Group gap="sm">
        {offered.map(({ name, color }) => (
          <Button
            key={name}
            color={color}
            variant={name === 'accept' ? 'filled' : 'light'}
            loading={action.isPending && action.variables.link === request.links.actions[name]}
            disabled={action.isPending}
            onClick={() => action.mutate({ link: request.links.actions[name] ?? '', comment: '' })}
          >
            {t(`requests.actions.${name}`)}
          </Button>
        ))}
      </Group>
      {action.error && <ErrorAlert error={action.error} />}
    </>
  );
}
