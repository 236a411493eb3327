import { MAX_RESULT_WINDOW } from '@arca/schema';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Pagination,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyCommunities, type CommunityJson } from '../api/communities.ts';
import { linkPath } from '../api/drafts.ts';
import { CommunityLogo } from '../deposit/community/CommunityLogo.tsx';
import { descriptionText } from '../communities/description.ts';
import { QueryBox } from '../search/QueryBox.tsx';
import { PAGE_SIZE, useSearchState } from '../search/search-state.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

const ROLES = ['owner', 'manager', 'curator', 'reader'] as const;
type Role = (typeof ROLES)[number];
const isRole = (role: string | null | undefined): role is Role => ROLES.includes(role as Role);

function CommunityItem({ community }: { community: CommunityJson }) {
  const { t } = useTranslation();
  const page = `/communities/${community.slug}`;
  const role = community.ui?.role;
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="md">
      <CommunityLogo community={community} size={48} />
      <Stack gap={4} style={{ flex: 1 }}>
        <Group gap="xs">
          <Anchor component={Link} to={page} fw={600}>
            {community.metadata.title}
          </Anchor>
          {isRole(role) && (
            <Badge variant="light">{t(`dashboard.communities.roles.${role}`)}</Badge>
          )}
          {community.access.visibility === 'restricted' && (
            <Badge color="gray" variant="outline">
              {t('dashboard.communities.restricted')}
            </Badge>
          )}
        </Group>
        {community.metadata.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {descriptionText(community.metadata.description)}
          </Text>
        )}
      </Stack>
      {community.theme?.enabled && community.links.upload_html && (
        <Button component={Link} to={linkPath(community.links.upload_html)} variant="light">
          {t('dashboard.communities.upload')}
        </Button>
      )}
    </Group>
  );
}

/** `/me/communities`: the communities I am a member of, with my role in each. */
export function CommunitiesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.communities.title'));
  const { state, update, apiParams } = useSearchState([]);
  const communities = useMyCommunities(apiParams);
  const total = communities.data?.hits.total ?? 0;
  const pages = Math.ceil(Math.min(total, MAX_RESULT_WINDOW) / PAGE_SIZE);

  return (
    <Stack maw={1000} mx="auto" gap="lg">
      <Title order={1}>{t('dashboard.communities.title')}</Title>
      <QueryBox
        value={state.q}
        label={t('dashboard.communities.query')}
        submitLabel={t('search.submit')}
        onSearch={(q) => update({ q, sort: undefined })}
      />
      {communities.isPending ? (
        <PageLoader />
      ) : communities.isError ? (
        <ErrorAlert error={communities.error} />
      ) : total === 0 ? (
        <Text c="dimmed">
          {state.q ? t('dashboard.communities.noResults') : t('dashboard.communities.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('dashboard.communities.count', { count: total })}
          </Text>
          <Stack
            component="ul"
            aria-label={t('dashboard.communities.listLabel')}
            gap="lg"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {communities.data.hits.hits.map((community) => (
              <CommunityItem key={community.id} community={community} />
            ))}
          </Stack>
          {pages > 1 && (
            <Center>
              <Pagination
                total={pages}
                value={state.page}
                onChange={(page) => update({ page })}
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
