import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileListEntry } from '../api/records.ts';

/**
 * A file's checksums, one a line (MD5 and SHA-256), and a "Verified" mark when
 * the SHA-256 the uploader's browser computed agreed with the server's.
 */
export function FileChecksums({ file }: { file: FileListEntry }) {
  const { t } = useTranslation();
  const checksums = file.checksums?.length ? file.checksums : [file.checksum];
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      {file.verified && (
        <Tooltip
          label={t('records.files.verifiedHint')}
          multiline
          w={260}
          events={{ hover: true, focus: true, touch: true }}
        >
          <Badge
            size="sm"
            color="teal"
            variant="light"
            tabIndex={0}
            aria-label={`${t('records.files.verified')}: ${t('records.files.verifiedHint')}`}
          >
            {t('records.files.verified')}
          </Badge>
        </Tooltip>
      )}
      {checksums.map((checksum) => (
        <Text
          key={checksum}
          size="xs"
          ff="monospace"
          c="dimmed"
          style={{ overflowWrap: 'anywhere' }}
        >
          {checksum}
        </Text>
      ))}
    </Stack>
  );
}
