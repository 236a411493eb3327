import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ComparedFile, VersionDiff } from '../../api/version-diff.ts';
import { formatBytes, formatNumber } from '../../i18n/format.ts';
import { Section } from '../Section.tsx';
import { LineDiff } from './LineDiff.tsx';

type Kind = 'added' | 'removed' | 'changed';
interface Row {
  kind: Kind;
  key: string;
  before?: ComparedFile;
  after?: ComparedFile;
}

/** The files added, removed and changed (by checksum), then the changed lines of text files. */
export function FileChanges({ files }: { files: VersionDiff['files'] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (!files) {
    return (
      <Section title={t('records.files.title')}>
        <Text size="sm">{t('records.compare.filesHidden')}</Text>
      </Section>
    );
  }
  const rows: Row[] = [
    ...files.added.map((file) => ({ kind: 'added' as const, key: file.key, after: file })),
    ...files.removed.map((file) => ({ kind: 'removed' as const, key: file.key, before: file })),
    ...files.changed.map((file) => ({ kind: 'changed' as const, ...file })),
  ];
  const size = (row: Row) =>
    [row.before, row.after]
      .filter((file) => file !== undefined)
      .map((file) => formatBytes(file.size, language))
      .join(' → ');
  const checksums = (row: Row) =>
    [row.before, row.after]
      .map((file) => file?.checksum)
      .filter(Boolean)
      .join(' → ');
  return (
    <Section title={t('records.files.title')}>
      {rows.length === 0 ? (
        <Text size="sm">{t('records.compare.noFileChanges')}</Text>
      ) : (
        <Table layout="fixed" data-testid="file-changes" style={{ overflowWrap: 'anywhere' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="50%">{t('records.compare.file')}</Table.Th>
              <Table.Th>{t('records.compare.change')}</Table.Th>
              <Table.Th>{t('records.files.size')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.kind}:${row.key}`}>
                <Table.Td>
                  <Text size="sm">{row.key}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {checksums(row)}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`records.compare.file${kindWord[row.kind]}`)}</Table.Td>
                <Table.Td>{size(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {files.unchanged > 0 && (
        <Text size="sm">
          {t('records.compare.unchanged', { count: formatNumber(files.unchanged, language) })}
        </Text>
      )}
      {files.changed
        .filter((file) => file.lines || file.skipped !== 'not_text')
        .map((file) => (
          <LineDiff key={file.key} file={file} />
        ))}
    </Section>
  );
}

const kindWord = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;
