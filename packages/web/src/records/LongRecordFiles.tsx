import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileListEntry } from '../api/records.ts';
import { formatBytes } from '../i18n/format.ts';
import { LongFileList } from '../ui/LongFileList.tsx';
import { FileChecksums } from './FileChecksums.tsx';
import { FileActions } from './FileActions.tsx';

const keyOf = (file: FileListEntry) => file.key;
const sizeOf = (file: FileListEntry) => file.size ?? 0;

/** A record's many files: virtualised, filtered by name, grouped by folder. */
export function LongRecordFiles({
  files,
  token,
  onPreview,
}: {
  files: FileListEntry[];
  token: string | undefined;
  onPreview: (key: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <LongFileList
      items={files}
      keyOf={keyOf}
      sizeOf={sizeOf}
      label={t('records.files.listLabel')}
      testIdOf={() => 'record-file'}
      renderFile={(file, name) => (
        <Group gap="xs" wrap="wrap" align="center">
          <Text size="sm" style={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm" w="5.5rem">
            {formatBytes(file.size ?? 0, i18n.language)}
          </Text>
          <div style={{ flex: '1 1 10rem', minWidth: 0 }}>
            <FileChecksums file={file} />
          </div>
          <FileActions file={file} token={token} onPreview={onPreview} />
        </Group>
      )}
    />
  );
}
