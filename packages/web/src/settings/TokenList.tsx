import 'virtual:english/settings';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTokens } from '../api/tokens.ts';
import { formatDateTime } from '../i18n/format.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { RevokeTokenButton } from './RevokeTokenButton.tsx';

export function TokenList() {
  const { t, i18n } = useTranslation();
  const { data: tokens, isPending, error } = useTokens();

  if (isPending) return <PageLoader />;
  if (error) return <ErrorAlert error={error} />;
  if (tokens.length === 0) return <Text c="dimmed">{t('settings.tokens.empty')}</Text>;

  const formatDate = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <Table aria-label={t('settings.tokens.listLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('settings.tokens.name')}</Table.Th>
          <Table.Th>{t('settings.tokens.created')}</Table.Th>
          <Table.Th>{t('settings.tokens.lastUsed')}</Table.Th>
          <Table.Th>{t('settings.tokens.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.map((token) => (
          <Table.Tr key={token.id}>
            <Table.Td>{token.name}</Table.Td>
            <Table.Td>{formatDate(token.created)}</Table.Td>
            <Table.Td>
              {token.last_used ? formatDate(token.last_used) : t('settings.tokens.never')}
            </Table.Td>
            <Table.Td>
              <RevokeTokenButton token={token} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
