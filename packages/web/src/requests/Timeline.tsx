import 'virtual:english/requests';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RequestEvent, RequestJson, RequestStatus } from '../api/requests.ts';
import { formatDateTime } from '../i18n/format.ts';
import { Author } from './Author.tsx';
import { CommentCard, DeletedComment } from './CommentCard.tsx';

const LOGGED_STATUSES: readonly string[] = [
  'created',
  'submitted',
  'accepted',
  'declined',
  'cancelled',
  'expired',
];

function StatusEvent({ event }: { event: RequestEvent }) {
  const { t, i18n } = useTranslation();
  const status = event.payload.event ?? '';
  const when = formatDateTime(event.created, i18n.language);
  return (
    <Text size="sm" c="dimmed" data-testid="timeline-log">
      <Author id={event.created_by.user} expanded={event.expanded?.created_by} />{' '}
      {LOGGED_STATUSES.includes(status)
        ? t(`requests.logged.${status as RequestStatus}`)
        : t('requests.logged.other')}{' '}
      · {when}
    </Text>
  );
}

interface TimelineProps {
  events: RequestEvent[];
  request: RequestJson;
  /** A guest's access-request token, carried on every call. */
  token?: string | undefined;
}

/** Comments (with their replies) and status changes, oldest first. */
export function Timeline({ events, request, token }: TimelineProps) {
  return (
    <Stack gap="sm">
      {events.map((event) =>
        event.type === 'C' ? (
          <CommentCard key={event.id} event={event} request={request} token={token} />
        ) : event.payload.event === 'comment_deleted' ? (
          <DeletedComment key={event.id} event={event} context={{ request, token }} />
        ) : (
          <StatusEvent key={event.id} event={event} />
        ),
      )}
    </Stack>
  );
}
