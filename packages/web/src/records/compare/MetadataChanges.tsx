import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MetadataChange } from '../../api/version-diff.ts';
import { Section } from '../Section.tsx';

/** The catalogue key of each field the server compares (`records.compare.fields.*`). */
const FIELDS = {
  'metadata.title': 'title',
  'metadata.resource_type': 'resourceType',
  'metadata.publication_date': 'publicationDate',
  'metadata.description': 'description',
  'metadata.publisher': 'publisher',
  'metadata.version': 'version',
  'metadata.copyright': 'copyright',
  'metadata.creators': 'creator',
  'metadata.contributors': 'contributor',
  'metadata.additional_titles': 'additionalTitle',
  'metadata.additional_descriptions': 'additionalDescription',
  'metadata.dates': 'date',
  'metadata.languages': 'language',
  'metadata.identifiers': 'identifier',
  'metadata.related_identifiers': 'relatedIdentifier',
  'metadata.references': 'reference',
  'metadata.subjects': 'subject',
  'metadata.funding': 'funding',
  'metadata.rights': 'licence',
  'metadata.sizes': 'size',
  'metadata.formats': 'format',
  'access.record': 'recordVisibility',
  'access.files': 'filesVisibility',
  'access.embargo.until': 'embargoUntil',
  'access.embargo.reason': 'embargoReason',
} as const;

type Field = keyof typeof FIELDS;
const isKnown = (field: string): field is Field => field in FIELDS;
const VISIBILITIES = new Set(['public', 'restricted']);

/** One sentence per change: "Creator added: …", "Licence changed from … to …". */
export function MetadataChanges({ changes }: { changes: MetadataChange[] }) {
  const { t } = useTranslation();
  const valueOf = (change: MetadataChange, value: string | undefined) => {
    const text = value ?? '';
    // Visibility values are words of the interface, not of the record.
    return change.field.startsWith('access.') && VISIBILITIES.has(text)
      ? t(`deposit.access.${text as 'public' | 'restricted'}`)
      : text;
  };
  const sentence = (change: MetadataChange) => {
    const field = isKnown(change.field)
      ? t(`records.compare.fields.${FIELDS[change.field]}`)
      : change.field;
    const before = valueOf(change, change.before);
    const after = valueOf(change, change.after);
    if (change.kind === 'added') return t('records.compare.added', { field, value: after });
    if (change.kind === 'removed') return t('records.compare.removed', { field, value: before });
    return t('records.compare.changed', { field, before, after });
  };
  return (
    <Section title={t('records.compare.metadataTitle')}>
      {changes.length === 0 ? (
        <Text size="sm">{t('records.compare.noMetadataChanges')}</Text>
      ) : (
        <List size="sm" spacing={4} data-testid="metadata-changes">
          {changes.map((change, index) => (
            <List.Item key={index} dir="auto">
              {sentence(change)}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}
