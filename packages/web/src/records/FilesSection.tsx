import type { RecordJson } from '@arca/schema';
import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordFiles } from '../api/records.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { LONG_LIST } from '../ui/file-groups.ts';
import { PageLoader } from '../ui/PageLoader.tsx';
import { ScrollTable } from '../ui/ScrollTable.tsx';
import { previewKind } from './file-preview.ts';
import { contentUrl, FileActions, withToken } from './FileActions.tsx';
import { FileChecksums } from './FileChecksums.tsx';
import { FilePreview } from './FilePreview.tsx';
import { formatBytes } from '../i18n/format.ts';
import { Section } from './Section.tsx';

// Its own chunk: most records have a few files.
const LongRecordFiles = lazy(() =>
  import('./LongRecordFiles.tsx').then((module) => ({ default: module.LongRecordFiles })),
);

interface FilesSectionProps {
  record: RecordJson;
  token: string | undefined;
}

/**
 * The files with sizes, checksums, downloads and an in-page preview of the
 * common kinds; many files in a virtualised list with a filter and folders.
 */
export function FilesSection({ record, token }: FilesSectionProps) {
  const { t, i18n } = useTranslation();
  const listing = useRecordFiles(record, token);
  const [previewed, setPreviewed] = useState<string | null>(null);

  if (!record.files.enabled) return null;
  const title = t('records.files.title');
  if (listing.isPending) {
    return (
      <Section title={title}>
        <PageLoader />
      </Section>
    );
  }
  if (listing.isError) {
    return (
      <Section title={title}>
        <ErrorAlert error={listing.error} />
      </Section>
    );
  }
  const files = listing.data?.entries ?? [];
  if (files.length === 0) {
    return (
      <Section title={title}>
        <Text c="dimmed">{t('records.files.none')}</Text>
      </Section>
    );
  }
  const defaultPreview = listing.data?.default_preview ?? files[0]?.key;
  const shown = previewed ?? defaultPreview;
  const shownFile = files.find((file) => file.key === shown);
  const shownKind = shownFile && previewKind(shownFile.key, shownFile.mimetype);
  const shownUrl = shownFile && contentUrl(shownFile, token);
  const complete = listing.data?.complete !== false;
  // A long listing read in pages knows its totals before its last page.
  const count = complete ? files.length : (listing.data?.count ?? files.length);
  const total = complete
    ? files.reduce((sum, file) => sum + (file.size ?? 0), 0)
    : (listing.data?.total_bytes ?? 0);
  // Every file in one zip (the server's `files-archive`).
  const archiveUrl = withToken(record.links.archive, token);
  // Their SHA-256 manifest (BagIt style), also inside the zip.
  const manifestUrl = withToken(listing.data?.links?.manifest, token);

  return (
    <Section title={title}>
      {shownFile && shownKind && shownUrl && (
        <Card withBorder padding="sm">
          <Stack gap="xs">
            <Text fw={500} size="sm">
              {t('records.files.previewOf', { name: shownFile.key })}
            </Text>
            <FilePreview key={shownFile.key} kind={shownKind} name={shownFile.key} url={shownUrl} />
          </Stack>
        </Card>
      )}
      {files.length >= LONG_LIST ? (
        <Suspense fallback={<PageLoader />}>
          <LongRecordFiles files={files} token={token} onPreview={setPreviewed} />
        </Suspense>
      ) : (
        <ScrollTable minWidth={560} aria-label={t('records.files.listLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('records.files.name')}</Table.Th>
              <Table.Th>{t('records.files.size')}</Table.Th>
              <Table.Th>{t('records.files.checksum')}</Table.Th>
              <Table.Th>{t('records.files.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => (
              <Table.Tr key={file.key}>
                <Table.Td>{file.key}</Table.Td>
                <Table.Td>{formatBytes(file.size ?? 0, i18n.language)}</Table.Td>
                <Table.Td>
                  <FileChecksums file={file} />
                </Table.Td>
                <Table.Td>
                  <FileActions file={file} token={token} onPreview={setPreviewed} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      {!complete && (
        <Text size="sm" c="dimmed" role="status">
          {t('fileList.loading', { listed: files.length, total: count })}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('records.files.total', {
            count,
            size: formatBytes(total, i18n.language),
          })}
        </Text>
        <Group gap="xs">
          {manifestUrl && (
            <Button size="xs" variant="subtle" component="a" href={manifestUrl} download>
              {t('records.files.manifest')}
            </Button>
          )}
          {archiveUrl && (
            <Button size="xs" variant="light" component="a" href={archiveUrl} download>
              {t('records.files.downloadAll')}
            </Button>
          )}
        </Group>
      </Group>
    </Section>
  );
}
