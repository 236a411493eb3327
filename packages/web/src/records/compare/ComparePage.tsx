import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useVersionDiff, type ComparedVersion } from '../../api/version-diff.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { FileChanges } from './FileChanges.tsx';
import { MetadataChanges } from './MetadataChanges.tsx';

/** `/records/:id/compare/:other`: what changed between two versions of a record, in words. */
export function ComparePage() {
  const { t } = useTranslation();
  const { id = '', other = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? undefined;
  const { data: diff, isPending, error } = useVersionDiff(id, other, token);
  const title = t('records.compare.title');
  useDocumentTitle(title);
  const withToken = (path: string) => (token ? `${path}?token=${encodeURIComponent(token)}` : path);
  const versionLink = (version: ComparedVersion) => (
    <Anchor component={Link} to={withToken(`/records/${version.id}`)}>
      {t('records.versions.label', { version: version.version ?? version.index })}
    </Anchor>
  );

  if (isPending) return <PageLoader />;
  return (
    // A long unbroken word (a file name, a checksum) wraps instead of widening the page.
    <Stack maw={1000} mx="auto" gap="lg" miw={0} style={{ overflowWrap: 'anywhere' }}>
      <Title order={1}>{title}</Title>
      {error ? (
        <ErrorAlert error={error} />
      ) : (
        <>
          <Text data-testid="compared-versions">
            {versionLink(diff.from)} → {versionLink(diff.to)}
          </Text>
          <MetadataChanges changes={diff.metadata} />
          <FileChanges files={diff.files} />
        </>
      )}
      <Anchor component={Link} to={withToken(`/records/${id}`)} size="sm">
        {t('records.compare.back')}
      </Anchor>
    </Stack>
  );
}
