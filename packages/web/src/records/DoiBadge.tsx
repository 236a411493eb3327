import type { RecordJson } from '@arca/schema';
import { Anchor, Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The record's DOI as a badge linking to the resolver. */
export function DoiBadge({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const doi = record.pids.doi?.identifier;
  if (!doi) return null;
  return (
    <Anchor
      href={`https://doi.org/${doi}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('records.doi', { doi })}
      underline="never"
    >
      <Group gap={0} wrap="nowrap">
        <Badge
          radius="xs"
          color="dark"
          // Logical corners: the two halves join on the inner side in either direction.
          style={{ borderStartEndRadius: 0, borderEndEndRadius: 0 }}
        >
          DOI
        </Badge>
        <Badge
          radius="xs"
          color="blue"
          tt="none"
          style={{ borderStartStartRadius: 0, borderEndStartRadius: 0 }}
        >
          {doi}
        </Badge>
      </Group>
    </Anchor>
  );
}
