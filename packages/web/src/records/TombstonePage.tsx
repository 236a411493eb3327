import type { CommunityTombstone, Tombstone } from '@arca/schema';
import { Alert, Button, Card, Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/auth.ts';
import { useRestoreRecord } from '../api/deletion.ts';
import { useVocabulary } from '../api/vocabularies.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

/** What a deleted record's page shows (its 410): why and when it went, and how to cite it. */
export function TombstonePage(props: { id: string; tombstone: Tombstone | CommunityTombstone }) {
  const { id, tombstone } = props;
  const { t, i18n } = useTranslation();
  const reasons = useVocabulary('removalreasons');
  const { data: user } = useCurrentUser();
  const restore = useRestoreRecord(id);
  const reason =
    reasons.data?.find((entry) => entry.id === tombstone.removal_reason.id)?.title_l10n ??
    tombstone.removal_reason.id;
  const date = new Date(tombstone.removal_date).toLocaleDateString(i18n.language, {
    dateStyle: 'long',
  });
  return (
    <Stack maw={900} mx="auto" gap="lg">
      <Title order={1}>{t('records.deletion.tombstoneTitle')}</Title>
      <Alert color="gray">{t('records.deletion.tombstoneText', { date })}</Alert>
      <Text>
        <strong>{t('records.deletion.reason')}:</strong> {reason}
      </Text>
      {tombstone.note && (
        <Text>
          <strong>{t('records.deletion.note')}:</strong> {tombstone.note}
        </Text>
      )}
      {tombstone.citation_text && (
        <Card withBorder>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('records.deletion.citation')}
            </Title>
            <Code block>{tombstone.citation_text}</Code>
          </Stack>
        </Card>
      )}
      {user?.is_admin && (
        <Stack gap="xs" align="flex-start">
          {restore.error && <ErrorAlert error={restore.error} />}
          <Button loading={restore.isPending} onClick={() => restore.mutate()}>
            {t('records.deletion.restore')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
