import 'virtual:english/settings';
import type { TokenItem } from '@arca/schema';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The secret of a token just created: the API will never return it again. */
export function NewTokenNotice({ token, onDismiss }: { token: TokenItem; onDismiss: () => void }) {
  const { t } = useTranslation();
  const secret = token.token ?? '';
  return (
    <Alert
      color="green"
      variant="light"
      title={t('settings.tokens.newToken.title', { name: token.name })}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('settings.tokens.newToken.warning')}
        </Text>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('settings.tokens.newToken.label')}
            value={secret}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            ff="monospace"
            flex={1}
          />
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'default'} onClick={copy}>
                {copied ? t('settings.tokens.newToken.copied') : t('settings.tokens.newToken.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group>
          <Button variant="subtle" onClick={onDismiss}>
            {t('settings.tokens.newToken.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
