import type { RecordJson } from '@arca/schema';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../api/records.ts';
import { formatCitation, toBibtex, toCslJson } from './citation.ts';
import { resourceTypeLabel } from './labels.ts';
import { Section } from './Section.tsx';

const dataUrl = (type: string, text: string) =>
  `data:${type};charset=utf-8,${encodeURIComponent(text)}`;

/** How to cite the record, and its metadata exported for reference managers. */
export function Citation({ record }: { record: RecordJson }) {
  const { t, i18n } = useTranslation();
  const exports = [
    {
      label: 'BibTeX',
      href: dataUrl('application/x-bibtex', toBibtex(record)),
      file: `${record.id}.bib`,
    },
    {
      label: 'CSL JSON',
      href: dataUrl('application/vnd.citationstyles.csl+json', toCslJson(record)),
      file: `${record.id}.csl.json`,
    },
  ];
  const conceptDoi = record.parent.pids?.doi?.identifier;
  return (
    <Section title={t('records.citation.title')}>
      <Text size="sm" data-testid="citation">
        {formatCitation(record, resourceTypeLabel(record, i18n.language))}
      </Text>
      <Group gap="sm" aria-label={t('records.citation.export')}>
        <Text size="sm" fw={500}>
          {t('records.citation.export')}
        </Text>
        {exports.map((entry) => (
          <Anchor key={entry.label} size="sm" href={entry.href} download={entry.file}>
            {entry.label}
          </Anchor>
        ))}
        {record.links.self && (
          <Anchor size="sm" href={apiPath(record.links.self)} target="_blank" rel="noopener">
            JSON
          </Anchor>
        )}
      </Group>
      {conceptDoi && (
        <Stack gap={4} data-testid="cite-all-versions">
          <Text size="sm" fw={500}>
            {t('records.citation.allVersions')}
          </Text>
          <Text size="sm">
            {t('records.citation.allVersionsText')}{' '}
            <Anchor href={`https://doi.org/${conceptDoi}`} style={{ overflowWrap: 'anywhere' }}>
              {conceptDoi}
            </Anchor>
          </Text>
        </Stack>
      )}
    </Section>
  );
}
