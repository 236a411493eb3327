import type { RequestEventItem } from '@arca/schema';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlToText, useAddComment, useDeleteComment, useEditComment } from '../api/requests.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { CommentForm } from './CommentForm.tsx';

type LogEvent = 'submitted' | 'accepted' | 'declined' | 'cancelled' | 'expired' | 'comment_deleted';
const LOG_EVENTS: readonly string[] = [
  'submitted',
  'accepted',
  'declined',
  'cancelled',
  'expired',
  'comment_deleted',
];

function Author({ event }: { event: Pick<RequestEventItem, 'created_by' | 'created'> }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(event.created));
  const who =
    event.created_by.user === 'system'
      ? t('requests.system')
      : t('requests.user', { id: event.created_by.user });
  return (
    <Text size="xs" c="dimmed">
      {who} · {when}
    </Text>
  );
}

/** One entry of the timeline: a status log, or a comment with its replies. */
export function TimelineEvent({
  requestId,
  event,
}: {
  requestId: string;
  event: RequestEventItem;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const edit = useEditComment(requestId);
  const remove = useDeleteComment(requestId);
  const reply = useAddComment(requestId);

  if (event.type === 'L') {
    const name = event.payload.event ?? '';
    return (
      <Group gap="xs">
        <Text size="sm" fs="italic">
          {LOG_EVENTS.includes(name) ? t(`requests.log.${name as LogEvent}`) : name}
        </Text>
        <Author event={event} />
      </Group>
    );
  }

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Author event={event} />
        {mode === 'edit' ? (
          <CommentForm
            label={t('requests.editComment')}
            submitLabel={t('requests.save')}
            initial={htmlToText(event.payload.content ?? '')}
            pending={edit.isPending}
            error={edit.error}
            onCancel={() => setMode('view')}
            onSubmit={(text) =>
              edit.mutateAsync({ eventId: event.id, text }).then(() => setMode('view'))
            }
          />
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{htmlToText(event.payload.content ?? '')}</Text>
        )}
        {mode === 'view' && (
          <Group gap="xs">
            {event.permissions.can_reply_comment && (
              <Button size="compact-sm" variant="subtle" onClick={() => setMode('reply')}>
                {t('requests.reply')}
              </Button>
            )}
            {event.permissions.can_update_comment && (
              <Button size="compact-sm" variant="subtle" onClick={() => setMode('edit')}>
                {t('requests.edit')}
              </Button>
            )}
            {event.permissions.can_delete_comment && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate(event.id)}
              >
                {t('requests.delete')}
              </Button>
            )}
          </Group>
        )}
        {remove.error && <ErrorAlert error={remove.error} />}
        {event.children.map((child) => (
          <Paper key={child.id} withBorder p="xs" ml="lg">
            <Author event={child} />
            <Text style={{ whiteSpace: 'pre-wrap' }}>
              {child.type === 'C'
                ? htmlToText(child.payload.content ?? '')
                : t('requests.log.comment_deleted')}
            </Text>
          </Paper>
        ))}
        {mode === 'reply' && (
          <CommentForm
            label={t('requests.replyLabel')}
            submitLabel={t('requests.reply')}
            pending={reply.isPending}
            error={reply.error}
            onCancel={() => setMode('view')}
            onSubmit={(text) =>
              reply.mutateAsync({ text, replyTo: event.id }).then(() => setMode('view'))
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
