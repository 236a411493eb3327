import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type RequestEvent, type RequestStatus, useUserName } from '../api/requests.ts';
import { formatDateTime } from '../i18n/format.ts';
import { SafeHtml } from '../records/SafeHtml.tsx';

const LOGGED_STATUSES: readonly string[] = [
  'created',
  'submitted',
  'accepted',
  'declined',
  'cancelled',
  'expired',
];

function Author({ id }: { id: string }) {
  const { t } = useTranslation();
  const name = useUserName(id);
  if (id === 'system') return <>{t('requests.system')}</>;
  return <>{name.data || t('requests.someone')}</>;
}

function StatusEvent({ event }: { event: RequestEvent }) {
  const { t, i18n } = useTranslation();
  const status = event.payload.event ?? '';
  const when = formatDateTime(event.created, i18n.language);
  return (
    <Text size="sm" c="dimmed" data-testid="timeline-log">
      <Author id={event.created_by.user} />{' '}
      {LOGGED_STATUSES.includes(status)
        ? t(`requests.logged.${status as RequestStatus}`)
        : t('requests.logged.other')}{' '}
      · {when}
    </Text>
  );
}

function Comment({ event }: { event: RequestEvent }) {
  const { i18n } = useTranslation();
  return (
    <Paper withBorder p="sm" data-testid="timeline-comment" id={event.id}>
      <Group gap="xs" mb="xs">
        <Avatar size="sm" radius="xl" alt="" />
        <Text size="sm" fw={500}>
          <Author id={event.created_by.user} />
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(event.created, i18n.language)}
        </Text>
      </Group>
      <SafeHtml html={event.payload.content ?? ''} />
    </Paper>
  );
}

/** Comments and status changes, oldest first. */
export function Timeline({ events }: { events: RequestEvent[] }) {
  return (
    <Stack gap="sm">
      {events.map((event) =>
        event.type === 'C' ? (
          <Comment key={event.id} event={event} />
        ) : (
          <StatusEvent key={event.id} event={event} />
        ),
      )}
    </Stack>
  );
}
