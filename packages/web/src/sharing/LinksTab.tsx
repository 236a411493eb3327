import type { RecordJson } from '@arca/schema';
import { Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SecretLink } from '../api/sharing.ts';
import { LinkForm } from './LinkForm.tsx';
import { LinkRow } from './LinkRow.tsx';
import { ShareError } from './ShareError.tsx';

/** The secret links of the record, and the form that makes one (SPEC §2). */
export function LinksTab({
  record,
  links,
  loading,
  error,
}: {
  record: RecordJson;
  links: SecretLink[];
  loading: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const listed = links.filter((link): link is SecretLink & { id: string } => Boolean(link.id));
  return (
    <Stack gap="sm" pt="sm">
      <LinkForm record={record} />
      <ShareError error={error} />
      {loading && <Loader size="sm" role="status" aria-label={t('sharing.loading')} />}
      {!loading && !error && listed.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('sharing.noLinks')}
        </Text>
      )}
      {listed.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sharing.links.description')}</Table.Th>
                <Table.Th>{t('sharing.permissionLabel')}</Table.Th>
                <Table.Th>{t('sharing.links.created')}</Table.Th>
                <Table.Th>{t('sharing.links.expires')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {listed.map((link) => (
                <LinkRow key={link.id} record={record} link={link} id={link.id} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
