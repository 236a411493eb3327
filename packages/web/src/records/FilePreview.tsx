import { Alert, Code, Image, ScrollArea, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import Papa from 'papaparse';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../ui/PageLoader.tsx';
import { CSV_PREVIEW_ROWS, TEXT_PREVIEW_BYTES, type PreviewKind } from './file-preview.ts';

interface FilePreviewProps {
  kind: PreviewKind;
  name: string;
  /** The content URL, token included. */
  url: string;
}

/** The first bytes of a text file: a Range request, so a huge file is not downloaded whole. */
function useTextHead(url: string, enabled: boolean) {
  return useQuery({
    queryKey: ['file-head', url],
    enabled,
    queryFn: async ({ signal }) => {
      const response = await fetch(url, {
        credentials: 'same-origin',
        headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` },
        signal,
      });
      if (!response.ok) throw new Error(String(response.status));
      return (await response.text()).slice(0, TEXT_PREVIEW_BYTES);
    },
  });
}

/** A scrolled preview that keyboard users can focus, and so scroll with the arrow keys. */
function PreviewScroll({ name, children }: { name: string; children: ReactNode }) {
  return (
    <ScrollArea h={400} viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': name }}>
      {children}
    </ScrollArea>
  );
}

function CsvTable({ text, name }: { text: string; name: string }) {
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(
    0,
    CSV_PREVIEW_ROWS + 1,
  );
  const [header = [], ...body] = rows;
  return (
    <PreviewScroll name={name}>
      <Table striped withTableBorder aria-label={name}>
        <Table.Thead>
          <Table.Tr>
            {header.map((cell, index) => (
              <Table.Th key={index}>{cell}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {body.map((row, rowIndex) => (
            <Table.Tr key={rowIndex}>
              {row.map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PreviewScroll>
  );
}

export function FilePreview({ kind, name, url }: FilePreviewProps) {
  const { t } = useTranslation();
  const isText = kind === 'csv' || kind === 'text';
  const text = useTextHead(url, isText);

  switch (kind) {
    case 'image':
      return <Image src={url} alt={name} mah={600} fit="contain" />;
    case 'pdf':
      return <iframe src={url} title={name} style={{ width: '100%', height: 600, border: 0 }} />;
    case 'csv':
    case 'text':
      if (text.isPending) return <PageLoader />;
      if (text.isError) {
        return (
          <Alert color="red" variant="light" role="alert">
            {t('records.files.previewFailed')}
          </Alert>
        );
      }
      return kind === 'csv' ? (
        <CsvTable text={text.data} name={name} />
      ) : (
        <PreviewScroll name={name}>
          {/* Long lines wrap: the block itself never scrolls sideways (the region around it
              scrolls, and is the one keyboard users can reach). */}
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {text.data}
          </Code>
        </PreviewScroll>
      );
  }
}
