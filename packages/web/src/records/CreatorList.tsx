import type { Creatibutor } from '@arca/schema';
import { Anchor, Badge, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { creatorName, creatorSearchPath, localise, profileUrl } from './format.ts';

const SCHEME_LABELS: Record<string, string> = { orcid: 'ORCID', ror: 'ROR', gnd: 'GND' };

/** The scheme's small badge, linking to the profile page of the person or organisation. */
function ProfileIcon({
  scheme,
  identifier,
  name,
}: {
  scheme: string;
  identifier: string;
  name: string;
}) {
  const { t } = useTranslation();
  const url = profileUrl({ scheme, identifier });
  const label = SCHEME_LABELS[scheme.toLowerCase()];
  if (!url || !label) return null;
  return (
    <Anchor
      ms={4}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('records.creators.profile', { scheme: label, name })}
      title={`${label}: ${identifier}`}
    >
      <Badge size="xs" variant="light" color={scheme === 'orcid' ? 'lime' : 'indigo'}>
        {label}
      </Badge>
    </Anchor>
  );
}

interface CreatorListProps {
  creators: Creatibutor[];
  label: string;
}

/** Creators or contributors: names link to a search on the creator name (SPEC §2). */
export function CreatorList({ creators, label }: CreatorListProps) {
  const { i18n } = useTranslation();
  return (
    <Group component="ul" gap="md" aria-label={label} style={{ listStyle: 'none', padding: 0 }}>
      {creators.map((creator, index) => {
        const name = creatorName(creator);
        const role = creator.role ? localise(creator.role.title, i18n.language) : undefined;
        const affiliations = (creator.affiliations ?? [])
          .map((affiliation) => affiliation.name)
          .filter(Boolean)
          .join(', ');
        return (
          // Flowing as text, not as a row of boxes: on a narrow screen a long
          // name wraps and the badges and affiliations follow it, all whole.
          <Box component="li" key={`${name}-${index}`} style={{ overflowWrap: 'anywhere' }}>
            {/* Underlined: in a line of text, colour alone must not mark a link. */}
            <Anchor component={Link} to={creatorSearchPath(name)} underline="always">
              {name}
            </Anchor>
            {(creator.person_or_org.identifiers ?? []).map((identifier) => (
              <ProfileIcon key={identifier.scheme} name={name} {...identifier} />
            ))}
            {(creator.affiliations ?? []).map((affiliation) =>
              affiliation.id ? (
                <ProfileIcon
                  key={affiliation.id}
                  scheme="ror"
                  identifier={affiliation.id}
                  name={affiliation.name ?? affiliation.id}
                />
              ) : null,
            )}
            {(affiliations || role) && (
              <Text span size="sm" c="dimmed" ms={4}>
                ({[role, affiliations].filter(Boolean).join(' · ')})
              </Text>
            )}
          </Box>
        );
      })}
    </Group>
  );
}
