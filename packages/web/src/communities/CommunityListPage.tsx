import { MAX_RESULT_WINDOW } from '@arca/schema';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../api/auth.ts';
import { useCommunityList } from '../api/community-admin.ts';
import type { CommunityJson } from '../api/communities.ts';
import { CommunityLogo } from '../deposit/community/CommunityLogo.tsx';
import { QueryBox } from '../search/QueryBox.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { descriptionText } from './description.ts';

const PAGE_SIZE = 10;
const ROLES = ['owner', 'manager', 'curator', 'reader'] as const;
const isRole = (role: unknown): role is (typeof ROLES)[number] =>
  ROLES.includes(role as (typeof ROLES)[number]);

function CommunityCard({ community }: { community: CommunityJson }) {
  const { t } = useTranslation();
  const role = community.ui?.role;
  const summary = descriptionText(community.metadata.description);
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="md">
      <CommunityLogo community={community} size={56} />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Anchor component={Link} to={`/communities/${community.slug}`} fw={600}>
            {community.metadata.title}
          </Anchor>
          {isRole(role) && (
            <Badge variant="light">{t(`dashboard.communities.roles.${role}`)}</Badge>
          )}
          {community.access.visibility === 'restricted' && (
            <Badge color="gray" variant="outline">
              {t('communities.restricted')}
            </Badge>
          )}
        </Group>
        {summary && (
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {summary}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('communities.list.records', { count: community.ui?.records_count ?? 0 })}
        </Text>
      </Stack>
    </Group>
  );
}

/** `/communities`: find communities, or keep to mine; a "New community" button for creators. */
export function CommunityListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('communities.list.title'));
  const [params, setParams] = useSearchParams();
  const signedIn = Boolean(useCurrentUser().data);
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const mine = signedIn && params.get('mine') === '1';
  const list = useCommunityList({ q, page, mine, size: PAGE_SIZE });
  const total = list.data?.hits.total ?? 0;
  const pages = Math.ceil(Math.min(total, MAX_RESULT_WINDOW) / PAGE_SIZE);
  const go = (change: { q?: string; page?: number; mine?: boolean }) => {
    const next = new URLSearchParams();
    const nextQ = change.q ?? q;
    if (nextQ) next.set('q', nextQ);
    if (change.mine ?? mine) next.set('mine', '1');
    if ((change.page ?? 1) > 1) next.set('page', String(change.page));
    setParams(next);
  };

  return (
    <Stack maw={1000} mx="auto" gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('communities.list.title')}</Title>
        {list.data?.ui?.permissions?.can_create && (
          <Button component={Link} to="/communities/new">
            {t('communities.list.create')}
          </Button>
        )}
      </Group>
      <QueryBox
        value={q}
        label={t('communities.list.query')}
        submitLabel={t('search.submit')}
        onSearch={(text) => go({ q: text })}
      />
      {signedIn && (
        <SegmentedControl
          aria-label={t('communities.list.filter')}
          value={mine ? 'mine' : 'all'}
          onChange={(value) => go({ mine: value === 'mine' })}
          data={[
            { value: 'all', label: t('communities.list.all') },
            { value: 'mine', label: t('communities.list.mine') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <ErrorAlert error={list.error} />
      ) : total === 0 ? (
        <Text c="dimmed">{t('communities.list.empty')}</Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('communities.list.count', { count: total })}
          </Text>
          <Stack
            component="ul"
            aria-label={t('communities.list.title')}
            gap="lg"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {list.data.hits.hits.map((community) => (
              <CommunityCard key={community.id} community={community} />
            ))}
          </Stack>
          {pages > 1 && (
            <Center>
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => go({ page: next })}
                getControlProps={(control) => ({
                  'aria-label': t(`search.pagination.${control}`),
                })}
                getItemProps={(item) => ({
                  'aria-label': t('search.pagination.page', { page: item }),
                })}
              />
            </Center>
          )}
        </Stack>
      )}
    </Stack>
  );
}
