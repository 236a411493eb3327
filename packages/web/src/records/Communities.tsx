import type { RecordJson } from '@arca/schema';
import { Anchor, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from './Section.tsx';

/** A community as `parent.communities.entries` carries it (API.md §1.3). */
interface CommunityEntry {
  id?: string;
  slug?: string;
  metadata?: { title?: string };
}

function isCommunityEntry(value: unknown): value is CommunityEntry {
  return typeof value === 'object' && value !== null;
}

export function Communities({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const entries = (record.parent.communities.entries ?? []).filter(isCommunityEntry);
  if (entries.length === 0) return null;
  return (
    <Section title={t('records.communities.title')}>
      <List>
        {entries.map((community, index) => {
          const title = community.metadata?.title ?? community.slug ?? community.id ?? '';
          return (
            <List.Item key={community.id ?? index}>
              {community.slug ? (
                <Anchor component={Link} to={`/communities/${community.slug}`}>
                  {title}
                </Anchor>
              ) : (
                title
              )}
            </List.Item>
          );
        })}
      </List>
    </Section>
  );
}
