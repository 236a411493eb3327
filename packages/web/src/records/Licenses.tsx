import type { Rights } from '@arca/schema';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localise } from './format.ts';
import { Section } from './Section.tsx';

export function Licenses({ rights }: { rights: Rights[] }) {
  const { t, i18n } = useTranslation();
  if (rights.length === 0) return null;
  return (
    <Section title={t('records.licenses.title')}>
      {rights.map((license, index) => {
        const title = localise(license.title, i18n.language) ?? license.id ?? '';
        const url = license.props?.url ?? license.link;
        const description = localise(license.description, i18n.language);
        return (
          <Stack key={license.id ?? index} gap={2}>
            {url ? (
              <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={500}>
                {title}
              </Anchor>
            ) : (
              <Text fw={500}>{title}</Text>
            )}
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
        );
      })}
    </Section>
  );
}
