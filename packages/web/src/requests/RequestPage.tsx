import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAddComment, useRequest, useTimeline } from '../api/requests.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { CommentForm } from './CommentForm.tsx';
import { RequestActions } from './RequestActions.tsx';
import { RequestStatusBadge } from './RequestStatusBadge.tsx';
import { TimelineEvent } from './TimelineEvent.tsx';

/**
 * A request (e.g. a community submission): what it is about, the actions the
 * current user may take, and the conversation. Curators review from here.
 */
export function RequestPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const request = useRequest(id);
  const timeline = useTimeline(id);
  const comment = useAddComment(id);

  if (request.isPending) return <PageLoader />;
  if (request.error) return <ErrorAlert error={request.error} />;
  const item = request.data;
  const record = item.topic?.record;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{item.title || t('requests.untitled')}</Title>
        <RequestStatusBadge status={item.status} />
      </Group>
      <Text c="dimmed">
        {t(
          `requests.types.${item.type === 'community-submission' ? 'communitySubmission' : 'other'}`,
        )}
        {item.expires_at &&
          item.is_open &&
          ` · ${t('requests.expires', { date: item.expires_at.slice(0, 10) })}`}
      </Text>
      {record && (
        <Group>
          {item.is_open || item.status === 'created' || item.status === 'declined' ? (
            <>
              <Anchor href={`/records/${record}?preview=1`}>{t('requests.preview')}</Anchor>
              <Anchor href={`/uploads/${record}`}>{t('requests.editDraft')}</Anchor>
            </>
          ) : (
            <Anchor href={`/records/${record}`}>{t('requests.viewRecord')}</Anchor>
          )}
        </Group>
      )}
      <RequestActions request={item} />
      <Title order={3}>{t('requests.timeline')}</Title>
      {timeline.isPending && <PageLoader />}
      {timeline.error && <ErrorAlert error={timeline.error} />}
      {timeline.data && (
        <Stack gap="sm" aria-label={t('requests.timeline')}>
          {timeline.data.hits.hits.map((event) => (
            <TimelineEvent key={event.id} requestId={id} event={event} />
          ))}
        </Stack>
      )}
      {item.ui?.permissions.can_comment && (
        <CommentForm
          label={t('requests.newComment')}
          submitLabel={t('requests.comment')}
          pending={comment.isPending}
          error={comment.error}
          onSubmit={(text) => comment.mutateAsync({ text })}
        />
      )}
    </Stack>
  );
}
