import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useCommunity } from '../api/communities.ts';
import { useRecordTitle } from '../records/useRecordTitle.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { NotFoundPage } from '../ui/NotFoundPage.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { CommunityHeader } from './CommunityHeader.tsx';
import { CommunityTombstone } from './CommunityTombstone.tsx';

/**
 * `/communities/{slug}` and its tabs: the header, the tab links, and the tab
 * (records or about). A community the visitor may not see is not found (the
 * API answers 404 for a restricted one, so that its existence does not leak).
 */
export function CommunityLayout() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  const community = useCommunity(slug);
  useRecordTitle(community.data?.metadata.title);

  if (community.isPending) return <PageLoader />;
  // A deleted community keeps its address: every tab shows its tombstone (the API answered 410).
  if (community.error instanceof ApiError && community.error.tombstone) {
    return <CommunityTombstone slug={slug} tombstone={community.error.tombstone} />;
  }
  if (community.error instanceof ApiError && community.error.status === 404) {
    return <NotFoundPage />;
  }
  if (community.isError) {
    return (
      <Stack maw={900} mx="auto">
        <ErrorAlert error={community.error} />
      </Stack>
    );
  }
  const base = `/communities/${community.data.slug}`;
  const can = community.data.ui?.permissions ?? {};
  const tab = (path: string, label: string) => ({
    to: `${base}${path}`,
    label,
    current: path === '' ? pathname.replace(/\/$/, '') === base : pathname.endsWith(path),
  });
  const tabs = [
    tab('', t('communities.tabs.records')),
    tab('/about', t('communities.tabs.about')),
    ...(can.can_read_members ? [tab('/members', t('communities.tabs.members'))] : []),
    ...(can.can_update ? [tab('/settings', t('communities.tabs.settings'))] : []),
  ];
  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <CommunityHeader community={community.data} />
      <Group component="nav" aria-label={t('communities.navLabel')} gap="xs" wrap="wrap">
        {tabs.map((tab) => (
          <Button
            key={tab.to}
            component={Link}
            to={tab.to}
            variant={tab.current ? 'light' : 'subtle'}
            aria-current={tab.current ? 'page' : undefined}
          >
            {tab.label}
          </Button>
        ))}
      </Group>
      <Outlet context={community.data} />
    </Stack>
  );
}
