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
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../api/auth.ts';
import { type RequestJson, useMyRequests } from '../api/requests.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { STATUS_COLORS } from './labels.ts';
import { RequestTypeLabel } from './RequestPage.tsx';

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
                {new Date(request.created).toLocaleDateString(i18n.language)}
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

/** `/me/requests`: what I asked for and what I decide, open or closed. */
export function RequestsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<'open' | 'closed'>('open');
  const requests = useMyRequests(state === 'open');
  const me = useCurrentUser().data?.id;
  const all = requests.data?.hits ?? [];
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
