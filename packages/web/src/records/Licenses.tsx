import type { RecordJson, Rights } from '@arca/schema';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localise } from './format.ts';
import { Section } from './Section.tsx';

/** A licence as the server words it in the request's language (`ui.rights`, SPEC §3). */
interface LocalisedRights {
  id?: string;
  title_l10n?: string;
  description_l10n?: string;
}

/** The record's `ui.rights`, in the order of `metadata.rights`, when the server sent them. */
function localisedRights(record: RecordJson): (LocalisedRights | undefined)[] {
  const rights = record.ui?.rights;
  return Array.isArray(rights) ? (rights as LocalisedRights[]) : [];
}

export function Licenses({ record }: { record: RecordJson }) {
  const { t, i18n } = useTranslation();
  const rights: Rights[] = record.metadata.rights ?? [];
  const localised = localisedRights(record);
  if (rights.length === 0) return null;
  return (
    <Section title={t('records.licenses.title')}>
      {rights.map((license, index) => {
        // The server's wording in the interface language first (the record is fetched again
        // when the language changes), else the stored titles.
        const served = localised[index];
        const title =
          served?.title_l10n ?? localise(license.title, i18n.language) ?? license.id ?? '';
        const url = license.props?.url ?? license.link;
        const description =
          served?.description_l10n ?? localise(license.description, i18n.language);
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
