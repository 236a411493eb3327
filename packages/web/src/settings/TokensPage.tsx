import 'virtual:english/settings';
import type { TokenItem } from '@arca/schema';
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateTokenForm } from './CreateTokenForm.tsx';
import { NewTokenNotice } from './NewTokenNotice.tsx';
import { TokenList } from './TokenList.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

export function TokensPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('settings.tokens.title'));
  // Kept only in this page's state: leaving the page is the "never shown again".
  const [newToken, setNewToken] = useState<TokenItem | null>(null);

  return (
    <Stack gap="lg">
      <Title order={2}>{t('settings.tokens.title')}</Title>
      <Text>{t('settings.tokens.intro')}</Text>
      {newToken && <NewTokenNotice token={newToken} onDismiss={() => setNewToken(null)} />}
      <CreateTokenForm onCreated={setNewToken} />
      <TokenList />
    </Stack>
  );
}
