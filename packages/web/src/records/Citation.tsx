import type { RecordJson } from '@arca/schema';
import { CITATION_LOCALES, DEFAULT_CITATION_STYLE } from '@arca/schema/citation-locales';
import type { Locale } from '@arca/schema/locales';
import { Anchor, Button, CopyButton, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormattedCitation } from '../api/citations.ts';
import { apiPath } from '../api/records.ts';
import { supportedLanguages } from '../i18n/index.ts';
import { LANGUAGE_NAMES } from '../i18n/languages.ts';
import { CitationStylePicker } from './CitationStylePicker.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { Section } from './Section.tsx';

const languages = supportedLanguages.map((language) => ({
  value: language,
  label: LANGUAGE_NAMES[language as Locale] ?? language,
}));

/**
 * How to cite the record: the server formats it (`text/x-bibliography`) in the style and
 * language the reader picks; the export menu has its metadata in every format.
 */
export function Citation({ record, token }: { record: RecordJson; token?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const [style, setStyle] = useState(DEFAULT_CITATION_STYLE);
  const [language, setLanguage] = useState(i18n.language);
  const locale = CITATION_LOCALES[language as Locale] ?? 'en-US';
  const recordPath = apiPath(record.links.self ?? `/api/records/${record.id}`);
  const citation = useFormattedCitation(recordPath, style, locale, token);
  const conceptDoi = record.parent.pids?.doi?.identifier;
  // The same style and language, for every version: the concept DOI, no version number.
  const conceptCitation = useFormattedCitation(recordPath, style, locale, token, {
    allVersions: true,
    enabled: Boolean(conceptDoi),
  });
  return (
    <Section title={t('records.citation.title')}>
      <Group grow align="flex-end" gap="xs">
        <CitationStylePicker value={style} onChange={setStyle} />
        <Select
          label={t('records.citation.language')}
          size="xs"
          searchable
          data={languages}
          value={language}
          onChange={(value) => value && setLanguage(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {citation.isPending ? (
        <Skeleton height={48} />
      ) : citation.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('records.citation.failed')}
        </Text>
      ) : (
        <Text size="sm" data-testid="citation" lang={locale} style={{ overflowWrap: 'anywhere' }}>
          {citation.data}
        </Text>
      )}
      <Group gap="xs" justify="space-between">
        <CopyButton value={citation.data ?? ''}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'filled' : 'light'}
              onClick={copy}
              disabled={!citation.data}
            >
              {copied ? t('records.citation.copied') : t('records.citation.copy')}
            </Button>
          )}
        </CopyButton>
        <ExportMenu id={record.id} token={token} hasDoi={Boolean(record.pids.doi?.identifier)} />
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
          {conceptCitation.isPending ? (
            <Skeleton height={48} />
          ) : conceptCitation.isError ? null : (
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Text
                size="sm"
                data-testid="concept-citation"
                lang={locale}
                style={{ overflowWrap: 'anywhere', flex: 1 }}
              >
                {conceptCitation.data}
              </Text>
              <CopyButton value={conceptCitation.data ?? ''}>
                {({ copied, copy }) => (
                  <Button size="xs" variant={copied ? 'filled' : 'light'} onClick={copy}>
                    {copied ? t('records.citation.copied') : t('records.citation.copyAll')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
        </Stack>
      )}
    </Section>
  );
}
