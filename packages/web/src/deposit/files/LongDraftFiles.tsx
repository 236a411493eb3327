import { Box, Group, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../i18n/format.ts';
import { LongFileList } from '../../ui/LongFileList.tsx';
import { EntryStatus, RemoveButton, TransferActions, TransferProgress } from './file-row-parts.tsx';
import type { DraftFile } from './files-api.ts';
import type { FileUploads, Transfer } from './useFileUploads.ts';

type Item = { entry: DraftFile; transfer?: undefined } | { transfer: Transfer; entry?: undefined };

const keyOf = (item: Item) => item.entry?.key ?? item.transfer?.name ?? '';
const sizeOf = (item: Item) => item.entry?.size ?? item.transfer?.size ?? 0;
const testIdOf = (item: Item) => (item.entry ? 'deposit-file' : 'deposit-upload');

/** A file's row: name, size, status or progress, and its buttons, wrapping on a phone. */
function Row({ name, size, status, actions }: Record<string, ReactNode>) {
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text size="sm" style={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <Text size="sm" w="5.5rem">
        {size}
      </Text>
      <Box w="9rem" fz="sm">
        {status}
      </Box>
      <Box miw="5rem">{actions}</Box>
    </Group>
  );
}

/** The draft's files and transfers when there are many: virtualised, filtered, by folder. */
export function LongDraftFiles({
  files,
  listed,
  canRemove,
}: {
  files: FileUploads;
  listed: DraftFile[];
  canRemove: boolean;
}) {
  const { t, i18n } = useTranslation();
  const items = useMemo<Item[]>(
    () => [
      ...listed.map((entry) => ({ entry })),
      ...files.transfers.map((transfer) => ({ transfer })),
    ],
    [listed, files.transfers],
  );
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const renderFile = (item: Item, name: string) =>
    item.entry ? (
      <Row
        name={name}
        size={size(item.entry.size)}
        status={<EntryStatus entry={item.entry} />}
        actions={canRemove && <RemoveButton entry={item.entry} files={files} />}
      />
    ) : (
      <Row
        name={name}
        size={size(item.transfer.size)}
        status={<TransferProgress transfer={item.transfer} />}
        actions={<TransferActions transfer={item.transfer} files={files} />}
      />
    );
  return (
    <LongFileList
      items={items}
      keyOf={keyOf}
      sizeOf={sizeOf}
      renderFile={renderFile}
      label={t('deposit.files.listLabel')}
      testIdOf={testIdOf}
    />
  );
}
