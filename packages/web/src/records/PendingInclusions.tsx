import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCommunity } from '../api/communities.ts';
import { useOpenInclusions } from '../api/record-communities.ts';
import type { RequestJson } from '../api/requests.ts';

function PendingItem({ request }: { request: RequestJson }) {
  const { t } = useTranslation();
  const community = useCommunity(request.receiver?.community ?? '');
  const title = community.data?.metadata.title ?? request.receiver?.community ?? '';
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="wrap">
      <Group gap={6} miw={0}>
        <Text size="sm" miw={0}>
          {title}
        </Text>
        <Badge size="sm" variant="light">
          {t('records.communities.pendingBadge')}
        </Badge>
      </Group>
      {/* Named by its visible text (WCAG 2.5.3); the item it sits in names the community. */}
      <Anchor component={Link} to={`/me/requests/${request.id}`} size="sm">
        {t('records.communities.viewRequest')}
      </Anchor>
    </Group>
  );
}

/** The inclusion requests of the record still waiting for a curator. */
export function PendingInclusions({ recordId }: { recordId: string }) {
  const { t } = useTranslation();
  const open = useOpenInclusions(recordId, true);
  const hits = open.data?.hits.hits ?? [];
  if (hits.length === 0) return null;
  return (
    <Stack gap={4} data-testid="pending-inclusions">
      <Text size="sm" fw={600}>
        {t('records.communities.pending')}
      </Text>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {hits.map((request) => (
          <PendingItem key={request.id} request={request} />
        ))}
      </Stack>
    </Stack>
  );
}
