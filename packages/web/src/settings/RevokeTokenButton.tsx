import 'virtual:english/settings';
import type { TokenItem } from '@arca/schema';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useRevokeToken } from '../api/tokens.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { notify } from '../ui/notify.tsx';

/** Revoking breaks every script that uses the token, so it asks first. */
export function RevokeTokenButton({ token }: { token: TokenItem }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const revokeToken = useRevokeToken();

  const confirm = () =>
    revokeToken.mutate(token.id, {
      onSuccess: () => {
        close();
        void notify({ message: t('settings.tokens.revoked', { name: token.name }) });
      },
    });

  return (
    <>
      <Button variant="subtle" color="red" size="xs" onClick={open}>
        {t('settings.tokens.revoke')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('settings.tokens.confirmRevoke.title')}>
        <Stack>
          {revokeToken.error && <ErrorAlert error={revokeToken.error} />}
          <Text>{t('settings.tokens.confirmRevoke.body', { name: token.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('settings.tokens.confirmRevoke.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={revokeToken.isPending}>
              {t('settings.tokens.confirmRevoke.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
