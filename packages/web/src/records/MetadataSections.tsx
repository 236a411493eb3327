import type { RecordMetadata } from '@arca/schema';
import { Badge, Group, List, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreatorList } from './CreatorList.tsx';
import { localise } from './format.ts';
import { IdentifierLink } from './IdentifierLink.tsx';
import { SafeHtml } from './SafeHtml.tsx';
import { Section } from './Section.tsx';

/** Every metadata section of a record beyond its header; empty sections are left out. */
export function MetadataSections({ metadata }: { metadata: Partial<RecordMetadata> }) {
  const { t, i18n } = useTranslation();
  const l10n = (text: Parameters<typeof localise>[0]) => localise(text, i18n.language);
  const details: [string, string][] = [];
  if (metadata.publisher) details.push([t('records.metadata.publisher'), metadata.publisher]);
  if (metadata.version) details.push([t('records.metadata.version'), metadata.version]);
  if (metadata.sizes?.length)
    details.push([t('records.metadata.sizes'), metadata.sizes.join(', ')]);
  if (metadata.formats?.length) {
    details.push([t('records.metadata.formats'), metadata.formats.join(', ')]);
  }
  if (metadata.languages?.length) {
    const names = metadata.languages.map((language) => l10n(language.title) ?? language.id);
    details.push([t('records.metadata.languages'), names.join(', ')]);
  }

  return (
    <>
      {metadata.additional_titles?.length ? (
        <Section title={t('records.metadata.additionalTitles')}>
          <List>
            {metadata.additional_titles.map((entry, index) => (
              <List.Item key={index}>
                {entry.title}{' '}
                <Text span c="dimmed" size="sm">
                  ({l10n(entry.type.title) ?? entry.type.id})
                </Text>
              </List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {metadata.additional_descriptions?.map((entry, index) => (
        <Section key={index} title={l10n(entry.type.title) ?? entry.type.id}>
          <SafeHtml html={entry.description} />
        </Section>
      ))}
      {metadata.contributors?.length ? (
        <Section title={t('records.metadata.contributors')}>
          <CreatorList
            creators={metadata.contributors}
            label={t('records.metadata.contributors')}
          />
        </Section>
      ) : null}
      {metadata.subjects?.length ? (
        <Section title={t('records.metadata.subjects')}>
          <Group gap="xs">
            {metadata.subjects.map((subject, index) => (
              <Badge key={index} variant="outline" tt="none">
                {l10n(subject.title) ?? subject.subject ?? subject.id}
              </Badge>
            ))}
          </Group>
        </Section>
      ) : null}
      {metadata.dates?.length ? (
        <Section title={t('records.metadata.dates')}>
          <List>
            {metadata.dates.map((entry, index) => (
              <List.Item key={index}>
                {entry.date} — {l10n(entry.type.title) ?? entry.type.id}
                {entry.description ? ` (${entry.description})` : ''}
              </List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {details.length > 0 && (
        <Section title={t('records.metadata.details')}>
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              {details.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={160}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}
      {metadata.identifiers?.length ? (
        <Section title={t('records.metadata.identifiers')}>
          <List>
            {metadata.identifiers.map((identifier, index) => (
              <List.Item key={index}>
                <IdentifierLink {...identifier} />
              </List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {metadata.related_identifiers?.length ? (
        <Section title={t('records.metadata.relatedWorks')}>
          <List>
            {metadata.related_identifiers.map((related, index) => (
              <List.Item key={index}>
                <Text span size="sm">
                  {l10n(related.relation_type.title) ?? related.relation_type.id}
                </Text>{' '}
                <IdentifierLink scheme={related.scheme} identifier={related.identifier} />
                {related.resource_type && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    ({l10n(related.resource_type.title) ?? related.resource_type.id})
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {metadata.funding?.length ? (
        <Section title={t('records.metadata.funding')}>
          <List>
            {metadata.funding.map((funding, index) => {
              const award = funding.award;
              const awardText = [award?.acronym, l10n(award?.title), award?.number]
                .filter(Boolean)
                .join(' — ');
              return (
                <List.Item key={index}>
                  {funding.funder.name ?? funding.funder.id}
                  {awardText ? `: ${awardText}` : ''}
                </List.Item>
              );
            })}
          </List>
        </Section>
      ) : null}
      {metadata.references?.length ? (
        <Section title={t('records.metadata.references')}>
          <List>
            {metadata.references.map((reference, index) => (
              <List.Item key={index}>{reference.reference}</List.Item>
            ))}
          </List>
        </Section>
      ) : null}
    </>
  );
}
