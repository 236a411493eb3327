import 'virtual:english/requests';
import '@mantine/core/styles/Blockquote.css';
import { Blockquote, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RequestJson, useRequestAction } from '../api/requests.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

const ACTIONS = [
  { name: 'accept', color: 'green' },
  { name: 'decline', color: 'red' },
  { name: 'cancel', color: 'gray' },
] as const;
type ActionName = (typeof ACTIONS)[number]['name'];

interface RequestActionsProps {
  request: RequestJson;
  token?: string | undefined;
  /** What is typed in the comment box: sent with the action as its reason. */
  comment: string;
  /** Called once the action is done (the comment box is emptied then). */
  onActed: () => void;
}

/**
 * Accept, decline, cancel: only those the server lists in `links.actions` for this caller,
 * each confirmed in a dialog that names it and shows the comment going with it.
 */
export function RequestActions({ request, token, comment, onActed }: RequestActionsProps) {
  const { t } = useTranslation();
  const action = useRequestAction(request, token);
  const [confirming, setConfirming] = useState<ActionName | null>(null);
  const offered = ACTIONS.filter(({ name }) => request.links.actions[name] !== undefined);
  if (offered.length === 0) return null;
  const chosen = ACTIONS.find(({ name }) => name === confirming);
  const reason = comment.trim();
  const close = () => {
    setConfirming(null);
    action.reset();
  };
  return (
    <>
      <Group gap="sm">
        {offered.map(({ name, color }) => (
          <Button
            key={name}
            color={color}
            variant={name === 'accept' ? 'filled' : 'light'}
            onClick={() => setConfirming(name)}
          >
            {t(`requests.actions.${name}`)}
          </Button>
        ))}
      </Group>
      <Modal
        opened={chosen !== undefined}
        onClose={close}
        title={chosen ? t(`requests.confirm.${chosen.name}`) : ''}
      >
        {chosen && (
          <Stack>
            {reason ? (
              <>
                <Text size="sm">{t('requests.confirm.withComment')}</Text>
                <Blockquote p="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {reason}
                </Blockquote>
              </>
            ) : (
              <Text size="sm">{t('requests.confirm.noComment')}</Text>
            )}
            {action.error && <ErrorAlert error={action.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={action.isPending}>
                {t('requests.confirm.back')}
              </Button>
              <Button
                color={chosen.color}
                loading={action.isPending}
                onClick={() =>
                  action.mutate(
                    { link: request.links.actions[chosen.name] ?? '', comment: reason },
                    {
                      onSuccess: () => {
                        setConfirming(null);
                        onActed();
                      },
                    },
                  )
                }
              >
                {t(`requests.actions.${chosen.name}`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
