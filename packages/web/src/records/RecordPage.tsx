import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useRecord } from '../api/records.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { AccessRequestForm } from '../sharing/AccessRequestForm.tsx';
import { AccessNotice } from './AccessNotice.tsx';
import { Citation } from './Citation.tsx';
import { Communities } from './Communities.tsx';
import { CreatorList } from './CreatorList.tsx';
import { DeletionActions } from './DeletionActions.tsx';
import { DoiBadge } from './DoiBadge.tsx';
import { FilesSection } from './FilesSection.tsx';
import { Licenses } from './Licenses.tsx';
import { MetadataSections } from './MetadataSections.tsx';
import { NewerVersionBanner } from './NewerVersionBanner.tsx';
import { PreviewBanner } from './PreviewBanner.tsx';
import { RecordActions, permissionsOf } from './RecordActions.tsx';
import { RecordBadges } from './RecordBadges.tsx';
import { RecordDates } from './RecordDates.tsx';
import { SafeHtml } from './SafeHtml.tsx';
import { TombstonePage } from './TombstonePage.tsx';
import { Section } from './Section.tsx';
import { useRecordTitle } from './useRecordTitle.ts';
import { VersionsList } from './VersionsList.tsx';
import { RecordStats } from './stats/RecordStats.tsx';

/** `/records/:id`: a record as readers see it; `?preview=1` shows its draft, `?token=` a secret link's access. */
export function RecordPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const preview = searchParams.get('preview') === '1';
  const token = searchParams.get('token') ?? undefined;
  const { data: record, isPending, error } = useRecord({ id, preview, token });
  useRecordTitle(record?.metadata.title);

  if (isPending) return <PageLoader />;
  // A deleted record keeps its address: the page shows its tombstone (the server answered 410).
  if (error instanceof ApiError && error.tombstone) {
    return <TombstonePage id={id} tombstone={error.tombstone} />;
  }
  if (error) {
    return (
      <Stack maw={900} mx="auto">
        <ErrorAlert error={error} />
      </Stack>
    );
  }

  const { metadata } = record;
  const can = permissionsOf(record);
  return (
    // A long unbroken word (a URL in a licence description, a file name) wraps instead of
    // widening the page.
    <Stack maw={1200} mx="auto" gap="lg" style={{ overflowWrap: 'anywhere' }}>
      {preview && <PreviewBanner />}
      <NewerVersionBanner record={record} token={token} />
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
            {record.files.enabled && !can.can_read_files && !record.is_draft ? (
              <Section title={t('records.files.title')}>
                <Text c="dimmed">{t('records.files.restricted')}</Text>
                <AccessRequestForm record={record} />
              </Section>
            ) : (
              <FilesSection record={record} token={token} />
            )}
            <MetadataSections metadata={metadata} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} miw={0}>
          <Stack gap="lg">
            <DoiBadge record={record} />
            <RecordActions record={record} />
            <DeletionActions record={record} />
            <Licenses record={record} />
            <VersionsList record={record} token={token} />
            <RecordStats record={record} token={token} />
            <Communities record={record} />
            {/* A draft is not citable yet: its link and metadata may still change. */}
            {record.is_published && <Citation record={record} token={token} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
