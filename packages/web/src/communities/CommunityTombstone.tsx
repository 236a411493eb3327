import type { CommunityTombstone as Tombstone } from '@arca/schema';

/** A community's tombstone; a record's (which adds a citation) reads the same here. */
type Fields = Omit<Tombstone, 'citation_text'>;
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/auth.ts';
import { useRestoreCommunity } from '../api/community-deletion.ts';
import { useVocabulary } from '../api/vocabularies.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

/**
 * What a deleted community's page shows (its 410), as a deleted record's does:
 * when and why it went; administrators may restore it from here.
 */
export function CommunityTombstone(props: { slug: string; tombstone: Fields }) {
  const { slug, tombstone } = props;
  const { t, i18n } = useTranslation();
  const reasons = useVocabulary('removalreasons');
  const { data: user } = useCurrentUser();
  const restore = useRestoreCommunity(slug);
  const reason =
    reasons.data?.find((entry) => entry.id === tombstone.removal_reason.id)?.title_l10n ??
    tombstone.removal_reason.id;
  const date = new Date(tombstone.removal_date).toLocaleDateString(i18n.language, {
    dateStyle: 'long',
  });
  return (
    <Stack maw={900} mx="auto" gap="lg">
      <Title order={1}>{t('communities.deletion.tombstoneTitle')}</Title>
      <Alert color="gray">{t('communities.deletion.tombstoneText', { date })}</Alert>
      <Text>
        <strong>{t('communities.deletion.reason')}:</strong> {reason}
      </Text>
      {tombstone.note && (
        <Text style={{ overflowWrap: 'anywhere' }}>
          <strong>{t('communities.deletion.note')}:</strong> {tombstone.note}
        </Text>
      )}
      {user?.is_admin && (
        <Stack gap="xs" align="flex-start">
          {restore.error && <ErrorAlert error={restore.error} />}
          <Button loading={restore.isPending} onClick={() => restore.mutate()}>
            {t('communities.deletion.restore')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
