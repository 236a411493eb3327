import type { RecordJson } from '@arca/schema';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRemoveFromCommunity } from '../api/record-communities.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { notify } from '../ui/notify.tsx';
import { PendingInclusions } from './PendingInclusions.tsx';
import { permissionsOf } from './RecordActions.tsx';
import { Section } from './Section.tsx';
import { SubmitToCommunity } from './SubmitToCommunity.tsx';

/** A community as `parent.communities.entries` carries it (API.md §1.3). */
interface CommunityEntry {
  id?: string;
  slug?: string;
  metadata?: { title?: string };
  ui?: { permissions?: { can_remove_record?: boolean } };
}

function isCommunityEntry(value: unknown): value is CommunityEntry {
  return typeof value === 'object' && value !== null;
}

/**
 * The record's communities; for a published record, those it is waiting to
 * join and a way to ask another, and removal for its owner or a community's
 * curators. What is offered follows the abilities the server sent.
 */
export function Communities({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const can = permissionsOf(record);
  const remove = useRemoveFromCommunity(record.id);
  const entries = (record.parent.communities.entries ?? []).filter(isCommunityEntry);
  const published = record.is_published && !record.is_draft;
  const mayAdd = published && can.can_add_community === true;
  if (entries.length === 0 && !mayAdd) return null;

  const removeFrom = async (id: string, title: string) => {
    await remove.mutateAsync(id);
    await notify({ color: 'green', message: t('records.communities.removed', { title }) });
  };

  return (
    <Section title={t('records.communities.title')}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('records.communities.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((community, index) => {
            const title = community.metadata?.title ?? community.slug ?? community.id ?? '';
            const mayRemove =
              published &&
              community.id !== undefined &&
              (can.can_remove_community === true ||
                community.ui?.permissions?.can_remove_record === true);
            return (
              <Group component="li" key={community.id ?? index} justify="space-between" gap="xs">
                {community.slug ? (
                  <Anchor component={Link} to={`/communities/${community.slug}`} miw={0}>
                    {title}
                  </Anchor>
                ) : (
                  <Text miw={0}>{title}</Text>
                )}
                {mayRemove && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === community.id}
                    aria-label={t('records.communities.removeNamed', { title })}
                    onClick={() => void removeFrom(community.id!, title).catch(() => {})}
                  >
                    {t('records.communities.remove')}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {remove.error && <ErrorAlert error={remove.error} />}
      {mayAdd && <PendingInclusions recordId={record.id} />}
      {mayAdd && <SubmitToCommunity record={record} />}
    </Section>
  );
}
