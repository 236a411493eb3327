import type { RecordJson } from '@arca/schema';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecordVersions } from '../api/records.ts';
import { formatPublicationDate } from '../i18n/format.ts';
import { Section } from './Section.tsx';

/** Every published version the reader may see, newest first; the current one marked. */
export function VersionsList({ record, token }: { record: RecordJson; token: string | undefined }) {
  const { t, i18n } = useTranslation();
  const versions = useRecordVersions(record, token);
  const hits = versions.data?.hits.hits ?? [];
  if (!record.is_published || hits.length === 0) return null;
  const withToken = (path: string) => (token ? `${path}?token=${encodeURIComponent(token)}` : path);
  return (
    <Section title={t('records.versions.title')}>
      <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0 }}>
        {hits.map((version) => {
          const label = t('records.versions.label', {
            version: version.metadata.version ?? version.versions.index,
          });
          const current = version.id === record.id;
          return (
            <Group component="li" key={version.id} justify="space-between" gap="xs">
              {current ? (
                <Text size="sm" fw={700} aria-current="page">
                  {label}
                </Text>
              ) : (
                <Anchor component={Link} to={`/records/${version.id}`} size="sm">
                  {label}
                </Anchor>
              )}
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {version.metadata.publication_date &&
                    formatPublicationDate(version.metadata.publication_date, i18n.language)}
                </Text>
                {!current && (
                  <Anchor
                    component={Link}
                    to={withToken(`/records/${record.id}/compare/${version.id}`)}
                    size="xs"
                    aria-label={t('records.compare.compareWith', { version: label })}
                  >
                    {t('records.compare.action')}
                  </Anchor>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Section>
  );
}
