import { Loader, Table, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../i18n/format.ts';
import { LONG_LIST } from '../../ui/file-groups.ts';
import { EntryStatus, RemoveButton, TransferActions, TransferProgress } from './file-row-parts.tsx';
import type { FileUploads } from './useFileUploads.ts';

// Its own chunk (with the virtualiser): most drafts have a few files.
const LongDraftFiles = lazy(() =>
  import('./LongDraftFiles.tsx').then((module) => ({ default: module.LongDraftFiles })),
);

/**
 * The draft's files and the transfers in flight, with progress, cancel and
 * remove; many of them in a virtualised list with a filter and folders. Its
 * own chunk: a new upload has no files to list.
 */
export default function FileList({
  files,
  canRemove,
}: {
  files: FileUploads;
  /** False where the server keeps the files as they are (a published version's). */
  canRemove: boolean;
}) {
  const { t, i18n } = useTranslation();
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  // A file in transfer shows as its transfer until it is committed.
  const listed = useMemo(() => {
    const inTransfer = new Set(files.transfers.map((transfer) => transfer.name));
    return files.entries.filter((entry) => !inTransfer.has(entry.key));
  }, [files.entries, files.transfers]);

  if (listed.length + files.transfers.length >= LONG_LIST) {
    return (
      <Suspense fallback={<Loader size="sm" />}>
        <LongDraftFiles files={files} listed={listed} canRemove={canRemove} />
      </Suspense>
    );
  }
  return (
    <Table aria-label={t('deposit.files.listLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('deposit.files.name')}</Table.Th>
          <Table.Th>{t('deposit.files.size')}</Table.Th>
          <Table.Th>{t('deposit.files.progress')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('deposit.files.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {listed.map((entry) => (
          <Table.Tr key={entry.key} data-testid="deposit-file">
            <Table.Td>{entry.key}</Table.Td>
            <Table.Td>{size(entry.size)}</Table.Td>
            <Table.Td>
              <EntryStatus entry={entry} />
            </Table.Td>
            <Table.Td>{canRemove && <RemoveButton entry={entry} files={files} />}</Table.Td>
          </Table.Tr>
        ))}
        {files.transfers.map((transfer) => (
          <Table.Tr key={transfer.id} data-testid="deposit-upload">
            <Table.Td>{transfer.name}</Table.Td>
            <Table.Td>{size(transfer.size)}</Table.Td>
            <Table.Td>
              <TransferProgress transfer={transfer} />
            </Table.Td>
            <Table.Td>
              <TransferActions transfer={transfer} files={files} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
