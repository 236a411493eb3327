import 'virtual:english/requests';
import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCommunity } from '../api/communities.ts';
import { type RequestJson, useRequest, useTimeline } from '../api/requests.ts';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { Author } from './Author.tsx';
import { CommentBox } from './CommentBox.tsx';
import { isKnownType, STATUS_COLORS } from './labels.ts';
import { QuotaIncreaseDetails } from './QuotaIncreaseDetails.tsx';
import { RequestActions } from './RequestActions.tsx';
import { Timeline } from './Timeline.tsx';

export function RequestTypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{isKnownType(type) ? t(`requests.types.${type}`) : type}</>;
}

function RecordLink({ request }: { request: RequestJson }) {
  const { t } = useTranslation();
  const id = request.topic?.record;
  if (!id) return null;
  // A submission is about a draft: its preview is where the reviewer reads it.
  // So is a request for more storage, made from the deposit editor.
  const draft =
    (request.type === 'community-submission' && request.is_open) ||
    request.type === 'quota-increase';
  return (
    <Text size="sm">
      {t('requests.record')}{' '}
      <Anchor component={Link} to={draft ? `/records/${id}?preview=1` : `/records/${id}`}>
        {request.title || id}
      </Anchor>
    </Text>
  );
}

/** Who made the request, by the name the server expanded. */
function Creator({ request }: { request: RequestJson }) {
  const { t } = useTranslation();
  const id = request.created_by.user;
  if (id === undefined) return null;
  return (
    <Text size="sm" data-testid="request-creator">
      {t('requests.createdBy')} <Author id={id} expanded={request.expanded?.created_by} />
    </Text>
  );
}

/** The community a submission or inclusion goes to, with a link to its page. */
function ReceiverCommunity({ request }: { request: RequestJson }) {
  const { t } = useTranslation();
  // An invitation is about the community it invites into.
  const community = useCommunity(request.receiver?.community ?? request.topic?.community ?? '');
  if (!community.data) return null;
  const role = request.type === 'community-invitation' ? request.payload?.role : undefined;
  return (
    <>
      <Text size="sm" data-testid="request-community">
        {t('requests.community')}{' '}
        {/* Underlined: in a line of text, a link is told apart by more than its colour. */}
        <Anchor component={Link} to={`/communities/${community.data.slug}`} underline="always">
          {community.data.metadata.title}
        </Anchor>
      </Text>
      {isRole(role) && (
        <Text size="sm">
          {t('requests.invitedAs')} {t(`dashboard.communities.roles.${role}`)}
        </Text>
      )}
    </>
  );
}

const ROLES = ['owner', 'manager', 'curator', 'reader'] as const;
const isRole = (role: unknown): role is (typeof ROLES)[number] =>
  ROLES.includes(role as (typeof ROLES)[number]);

/** `/me/requests/{id}`: the request, its timeline, a comment box and the actions. */
export function RequestPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('access_request_token') ?? undefined;
  const request = useRequest(id, token);
  const timeline = useTimeline(request.data, token);
  // Typed here, sent as a comment or as the reason of an action.
  const [comment, setComment] = useState('');
  useDocumentTitle(request.data ? request.data.title || t('requests.untitled') : undefined);

  if (request.isPending) return <PageLoader />;
  if (request.error) {
    return (
      <Container size="md" py="lg">
        <ErrorAlert error={request.error} />
      </Container>
    );
  }
  const data = request.data;
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Group gap="sm">
          <Badge variant="light">
            <RequestTypeLabel type={data.type} />
          </Badge>
          <Badge color={STATUS_COLORS[data.status]} data-testid="request-status">
            {t(`requests.status.${data.status}`)}
          </Badge>
        </Group>
        <Title order={2}>{data.title || t('requests.untitled')}</Title>
        <RecordLink request={data} />
        <QuotaIncreaseDetails request={data} />
        <ReceiverCommunity request={data} />
        <Creator request={data} />
        <RequestActions
          request={data}
          token={token}
          comment={comment}
          onActed={() => setComment('')}
        />
        <Title order={3}>{t('requests.timeline')}</Title>
        {timeline.error && <ErrorAlert error={timeline.error} />}
        {timeline.data && <Timeline events={timeline.data} request={data} token={token} />}
        {data.ui?.permissions?.can_comment !== false && (
          <CommentBox request={data} token={token} text={comment} onTextChange={setComment} />
        )}
      </Stack>
    </Container>
  );
}
