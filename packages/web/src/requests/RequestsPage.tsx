import 'virtual:english/requests';
import {
  Anchor,
  Badge,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../api/auth.ts';
import { useCommunity } from '../api/communities.ts';
import { type RequestJson, useMyRequests } from '../api/requests.ts';
import { formatDate } from '../i18n/format.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { STATUS_COLORS } from './labels.ts';
import { RequestTypeLabel } from './RequestPage.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

function RequestTable({ requests }: { requests: RequestJson[] }) {
  const { t, i18n } = useTranslation();
  if (requests.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        {t('requests.list.empty')}
      </Text>
    );
  }
  return (
    <Table>
      <Table.Tbody>
        {requests.map((request) => (
          <Table.Tr key={request.id} data-testid="request-item">
            <Table.Td>
              <Anchor component={Link} to={`/me/requests/${request.id}`}>
                {request.title || t('requests.untitled')}
              </Anchor>
              <Text size="xs" c="dimmed">
                <RequestTypeLabel type={request.type} /> ·{' '}
                {formatDate(request.created, i18n.language)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[request.status]}>
                {t(`requests.status.${request.status}`)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Whether the list keeps to one community's requests: its curation inbox. */
const COMMUNITY_PREFIX = 'community:';
const isCommunityReceiver = (receiver: string | undefined) =>
  receiver?.startsWith(COMMUNITY_PREFIX) === true;

/** "Requests to <community>", when the list keeps to one community's, and the way back to all. */
function ReceiverFilter({ receiver }: { receiver: string }) {
  const { t } = useTranslation();
  const communityId = receiver.startsWith('community:') ? receiver.slice('community:'.length) : '';
  const community = useCommunity(communityId);
  return (
    <Group gap="sm" justify="space-between">
      <Text>
        {community.data ? (
          <Trans
            i18nKey="requests.list.toCommunity"
            values={{ title: community.data.metadata.title }}
            components={{
              community: <Anchor component={Link} to={`/communities/${community.data.slug}`} />,
            }}
          />
        ) : (
          t('requests.list.filtered')
        )}
      </Text>
      <Anchor component={Link} to="/me/requests" size="sm">
        {t('requests.list.all')}
      </Anchor>
    </Group>
  );
}

/**
 * `/me/requests`: what I asked for and what I decide, open or closed;
 * `?receiver=community:<id>` keeps to the requests sent to one community.
 */
export function RequestsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('requests.list.title'));
  const [search] = useSearchParams();
  const receiver = search.get('receiver') ?? undefined;
  const [state, setState] = useState<'open' | 'closed'>('open');
  // A community's curation inbox: its submissions, its inclusion requests, or both.
  const [type, setType] = useState('all');
  const requests = useMyRequests(state === 'open', receiver);
  const me = useCurrentUser().data?.id;
  const all = (requests.data?.hits ?? []).filter((r) => type === 'all' || r.type === type);
  const sent = all.filter((request) => request.created_by.user === me);
  const received = all.filter((request) => request.created_by.user !== me);
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2}>{t('requests.list.title')}</Title>
          <SegmentedControl
            value={state}
            onChange={(value) => setState(value === 'closed' ? 'closed' : 'open')}
            data={[
              { value: 'open', label: t('requests.list.open') },
              { value: 'closed', label: t('requests.list.closed') },
            ]}
          />
        </Group>
        {receiver && <ReceiverFilter receiver={receiver} />}
        {isCommunityReceiver(receiver) && (
          <SegmentedControl
            aria-label={t('requests.list.typeFilter')}
            value={type}
            onChange={setType}
            style={{ alignSelf: 'flex-start' }}
            data={[
              { value: 'all', label: t('requests.list.allTypes') },
              { value: 'community-submission', label: t('requests.list.submissions') },
              { value: 'community-inclusion', label: t('requests.list.inclusions') },
            ]}
          />
        )}
        {requests.error && <ErrorAlert error={requests.error} />}
        {requests.isPending ? (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        ) : (
          <Tabs defaultValue="received">
            <Tabs.List>
              <Tabs.Tab value="received">
                {t('requests.list.received', { n: received.length })}
              </Tabs.Tab>
              <Tabs.Tab value="sent">{t('requests.list.sent', { n: sent.length })}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="received">
              <RequestTable requests={received} />
            </Tabs.Panel>
            <Tabs.Panel value="sent">
              <RequestTable requests={sent} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Container>
  );
}
