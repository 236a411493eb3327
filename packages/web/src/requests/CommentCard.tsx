import 'virtual:english/requests';
import { Avatar, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/auth.ts';
import {
  type RequestEvent,
  type RequestJson,
  htmlToText,
  useDeleteComment,
  useEditComment,
  useReply,
} from '../api/requests.ts';
import { formatDateTime } from '../i18n/format.ts';
import { SafeHtml } from '../records/SafeHtml.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Author } from './Author.tsx';
import { commentAbilities } from './comment-abilities.ts';
import { CommentForm } from './CommentForm.tsx';

interface CommentContext {
  request: RequestJson;
  token: string | undefined;
}

function DeleteCommentModal({
  opened,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('requests.comments.deleteTitle')}>
      <Stack>
        <Text size="sm">{t('requests.comments.deleteText')}</Text>
        {error ? <ErrorAlert error={error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('requests.comments.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            {t('requests.comments.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A comment's place once it is deleted: its replies stay under it. */
export function DeletedComment({
  event,
  context,
}: {
  event: RequestEvent;
  context: CommentContext;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" id={event.id}>
      <Text size="sm" c="dimmed" fs="italic" data-testid="timeline-deleted">
        {t('requests.comments.deleted')}
      </Text>
      <Replies events={event.children ?? []} context={context} />
    </Stack>
  );
}

function Replies({ events, context }: { events: RequestEvent[]; context: CommentContext }) {
  const { t } = useTranslation();
  if (events.length === 0) return null;
  return (
    <Stack gap="xs" ps="xl">
      {events.map((reply) =>
        reply.type === 'C' ? (
          <CommentCard key={reply.id} event={reply} {...context} />
        ) : (
          <Text key={reply.id} size="sm" c="dimmed" fs="italic" data-testid="timeline-deleted">
            {t('requests.comments.deleted')}
          </Text>
        ),
      )}
    </Stack>
  );
}

/**
 * A comment of the timeline: its author and text, Edit and Delete for those
 * the server lets, Reply under a top-level comment, and its replies.
 */
export function CommentCard({ event, request, token }: { event: RequestEvent } & CommentContext) {
  const { t, i18n } = useTranslation();
  const me = useCurrentUser().data?.id;
  const can = commentAbilities(event, me, request.ui?.permissions?.can_comment !== false);
  const [mode, setMode] = useState<'read' | 'edit' | 'reply'>('read');
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(request, token);
  const remove = useDeleteComment(request, token);
  const reply = useReply(request, token);
  const context = { request, token };
  const edited = (event.revision_id ?? 1) > 1;

  return (
    <Stack gap="xs">
      <Paper withBorder p="sm" data-testid="timeline-comment" id={event.id}>
        <Group gap="xs" mb="xs">
          <Avatar size="sm" radius="xl" alt="" />
          <Text size="sm" fw={500}>
            <Author id={event.created_by.user} expanded={event.expanded?.created_by} />
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(event.created, i18n.language)}
            {edited && ` · ${t('requests.comments.edited')}`}
          </Text>
        </Group>
        {mode === 'edit' ? (
          <CommentForm
            label={t('requests.comments.editLabel')}
            submitLabel={t('requests.comments.save')}
            initialText={htmlToText(event.payload.content ?? '')}
            pending={edit.isPending}
            error={edit.error}
            onCancel={() => {
              edit.reset();
              setMode('read');
            }}
            onSubmit={(text) => edit.mutate({ event, text }, { onSuccess: () => setMode('read') })}
          />
        ) : (
          <SafeHtml html={event.payload.content ?? ''} />
        )}
        {mode === 'read' && (can.reply || can.edit || can.delete) && (
          <Group gap={4} mt="xs">
            {can.reply && (
              <Button variant="subtle" size="compact-sm" onClick={() => setMode('reply')}>
                {t('requests.comments.reply')}
              </Button>
            )}
            {can.edit && (
              <Button variant="subtle" size="compact-sm" onClick={() => setMode('edit')}>
                {t('requests.comments.edit')}
              </Button>
            )}
            {can.delete && (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => setConfirming(true)}
              >
                {t('requests.comments.delete')}
              </Button>
            )}
          </Group>
        )}
      </Paper>
      <Replies events={event.children ?? []} context={context} />
      {mode === 'reply' && (
        <Stack ps="xl">
          <CommentForm
            label={t('requests.comments.replyLabel')}
            submitLabel={t('requests.comments.sendReply')}
            pending={reply.isPending}
            error={reply.error}
            onCancel={() => {
              reply.reset();
              setMode('read');
            }}
            onSubmit={(text) => reply.mutate({ event, text }, { onSuccess: () => setMode('read') })}
          />
        </Stack>
      )}
      <DeleteCommentModal
        opened={confirming}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          remove.reset();
          setConfirming(false);
        }}
        onConfirm={() => remove.mutate(event, { onSuccess: () => setConfirming(false) })}
      />
    </Stack>
  );
}
