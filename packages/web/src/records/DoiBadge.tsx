import type { RecordJson } from '@arca/schema';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../api/config.ts';

/**
 * The record's DOI as a badge linking to the resolver; a managed DOI of a site
 * that registers none does not resolve, so it is shown unlinked, and said so.
 */
export function DoiBadge({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const { data: config } = useSiteConfig();
  const doi = record.pids.doi?.identifier;
  if (!doi) return null;
  const badge = (
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
  );
  const local =
    record.pids.doi?.provider === 'managed' && config?.deposit.doi_registration === 'local';
  if (local) {
    return (
      <Group gap="xs" wrap="nowrap" aria-label={t('records.doi', { doi })}>
        {badge}
        <Text size="xs" c="dimmed">
          {t('records.doiLocal')}
        </Text>
      </Group>
    );
  }
  return (
    <Anchor
      href={`https://doi.org/${doi}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('records.doi', { doi })}
      underline="never"
    >
      {badge}
    </Anchor>
  );
}
