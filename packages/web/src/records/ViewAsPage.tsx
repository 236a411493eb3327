import type { RecordJson } from '@arca/schema';
import { Alert, Anchor, Grid, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useActorExplanation } from '../api/access-explanation.ts';
import { formatBytes } from '../i18n/format.ts';
import { actorOptions } from '../sharing/explanation-text.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { AccessNotice } from './AccessNotice.tsx';
import { CreatorList } from './CreatorList.tsx';
import { Licenses } from './Licenses.tsx';
import { MetadataSections } from './MetadataSections.tsx';
import { RecordBadges } from './RecordBadges.tsx';
import { RecordDates } from './RecordDates.tsx';
import { SafeHtml } from './SafeHtml.tsx';
import { Section } from './Section.tsx';
import { useRecordTitle } from './useRecordTitle.ts';

/**
 * `/records/:id/view-as?user=…`: the record as a user or the public would see
 * it, from the server's answer for them (the record as they may read it).
 * Read-only: no action is offered, as none would be theirs.
 */
export function ViewAsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const user = searchParams.get('user') ?? 'public';
  const answer = useActorExplanation(id, user);
  useRecordTitle(answer.data?.record?.metadata.title);

  if (answer.isPending) return <PageLoader />;
  if (answer.error) {
    return (
      <Stack maw={900} mx="auto">
        <ErrorAlert error={answer.error} />
      </Stack>
    );
  }
  const { actor, record } = answer.data;
  const about = actorOptions(t, actor);
  const back = `/records/${encodeURIComponent(id)}${answer.data.scope === 'draft' ? '?preview=1' : ''}`;
  return (
    <Stack maw={1200} mx="auto" gap="lg" style={{ overflowWrap: 'anywhere' }}>
      <Alert color="yellow" data-testid="view-as-banner">
        <Stack gap={4}>
          <Text size="sm">{t('sharing.explain.banner', about)}</Text>
          <Anchor component={Link} to={back} size="sm">
            {t('sharing.explain.back')}
          </Anchor>
        </Stack>
      </Alert>
      {record ? (
        <ReadOnlyRecord record={record} />
      ) : (
        <Text data-testid="view-as-refused">{t('sharing.explain.cannotSee', about)}</Text>
      )}
    </Stack>
  );
}

function ReadOnlyRecord({ record }: { record: RecordJson }) {
  const { t, i18n } = useTranslation();
  const { metadata } = record;
  const entries = Object.values(record.files.entries ?? {});
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }} miw={0}>
        <Stack gap="lg">
          <Stack gap="sm">
            <RecordBadges record={record} />
            <Title order={1} dir="auto">
              {metadata.title || t('records.untitled')}
            </Title>
            {metadata.creators?.length ? (
              <CreatorList creators={metadata.creators} label={t('records.creators.label')} />
            ) : null}
            <RecordDates record={record} />
          </Stack>
          <AccessNotice record={record} />
          {metadata.description && (
            <Section title={t('records.description')}>
              <SafeHtml html={metadata.description} />
            </Section>
          )}
          {record.files.enabled && (
            <Section title={t('records.files.title')}>
              {record.files.entries ? (
                <List size="sm" data-testid="view-as-files">
                  {entries.map((file) => (
                    <List.Item key={file.key}>
                      {file.key} ({formatBytes(file.size, i18n.language)})
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text c="dimmed">{t('records.files.restricted')}</Text>
              )}
            </Section>
          )}
          <MetadataSections metadata={metadata} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }} miw={0}>
        <Licenses record={record} />
      </Grid.Col>
    </Grid>
  );
}
