import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMUNITY_PAGE_SIZE,
  searchCommunities,
  type CommunityJson,
} from '../../api/communities.ts';
import { linkPath } from '../../api/drafts.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { CommunityLogo } from './CommunityLogo.tsx';
import { useReturnFocus } from '../../ui/useReturnFocus.ts';

interface CommunitySelectionModalProps {
  opened: boolean;
  onClose: () => void;
  onSelect: (community: CommunityJson) => void;
  /** The community already chosen: it may be kept even if it has its own form. */
  currentId: string | undefined;
}

type Tab = 'all' | 'mine';

const ROLES = ['owner', 'manager', 'curator', 'reader'] as const;
const isRole = (role: unknown): role is (typeof ROLES)[number] =>
  ROLES.includes(role as (typeof ROLES)[number]);

/** SPEC §2: tabs All and My communities, a search bar, 5 per page, pagination. */
export function CommunitySelectionModal({
  opened,
  onClose,
  onSelect,
  currentId,
}: CommunitySelectionModalProps) {
  const { t } = useTranslation();
  useReturnFocus();
  const [tab, setTab] = useState<Tab>('all');
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed, 250);
  const [page, setPage] = useState(1);

  return (
    <Modal opened={opened} onClose={onClose} title={t('deposit.community.modalTitle')} size="lg">
      <Stack>
        <Tabs
          value={tab}
          onChange={(value) => {
            setTab(value === 'mine' ? 'mine' : 'all');
            setPage(1);
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="all">{t('deposit.community.tabAll')}</Tabs.Tab>
            <Tabs.Tab value="mine">{t('deposit.community.tabMine')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <TextInput
          type="search"
          label={t('deposit.community.search')}
          placeholder={t('deposit.community.searchPlaceholder')}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setPage(1);
          }}
        />
        {opened && (
          <Results
            mine={tab === 'mine'}
            q={q}
            page={page}
            onPage={setPage}
            onSelect={onSelect}
            currentId={currentId}
          />
        )}
      </Stack>
    </Modal>
  );
}

interface ResultsProps {
  mine: boolean;
  q: string;
  page: number;
  onPage: (page: number) => void;
  onSelect: (community: CommunityJson) => void;
  currentId: string | undefined;
}

function Results({ mine, q, page, onPage, onSelect, currentId }: ResultsProps) {
  const { t } = useTranslation();
  const search = useQuery({
    queryKey: queryKeys.communitySearch(mine, q, page),
    queryFn: ({ signal }) => searchCommunities({ mine, q, page }, signal),
    placeholderData: keepPreviousData,
  });
  if (search.isPending) {
    return (
      <Center>
        <Loader size="sm" role="status" aria-label={t('deposit.community.loading')} />
      </Center>
    );
  }
  if (search.isError) return <ErrorAlert error={search.error} />;
  const { hits, total } = search.data.hits;
  if (hits.length === 0) {
    return <Alert variant="light">{t('deposit.community.noResults')}</Alert>;
  }
  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {hits.map((community) => (
          <CommunityItem
            key={community.id}
            community={community}
            current={community.id === currentId}
            onSelect={onSelect}
          />
        ))}
      </Stack>
      {total > COMMUNITY_PAGE_SIZE && (
        <Center>
          <Pagination
            total={Math.ceil(total / COMMUNITY_PAGE_SIZE)}
            value={page}
            onChange={onPage}
            size="sm"
          />
        </Center>
      )}
    </Stack>
  );
}

interface CommunityItemProps {
  community: CommunityJson;
  current: boolean;
  onSelect: (community: CommunityJson) => void;
}

function CommunityItem({ community, current, onSelect }: CommunityItemProps) {
  const { t } = useTranslation();
  const verified = community.theme?.enabled === true;
  const role = community.ui?.role;
  const membersOnly = community.ui?.permissions?.can_submit_record === false;
  const ownForm = verified && !current && community.links.upload_html;
  return (
    <Group
      component="li"
      wrap="nowrap"
      justify="space-between"
      aria-label={community.metadata.title}
    >
      <Group wrap="nowrap" gap="sm">
        <CommunityLogo community={community} size={40} />
        <Stack gap={2}>
          <Group gap={6}>
            <Text fw={600}>{community.metadata.title}</Text>
            {verified && (
              <Badge color="teal" variant="light" size="sm">
                {t('deposit.community.verified')}
              </Badge>
            )}
            {community.access.visibility === 'restricted' && (
              <Badge color="gray" variant="light" size="sm">
                {t('deposit.community.restricted')}
              </Badge>
            )}
            {isRole(role) && (
              <Badge variant="outline" size="sm">
                {t(`deposit.community.roles.${role}`)}
              </Badge>
            )}
          </Group>
          {community.metadata.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {community.metadata.description}
            </Text>
          )}
        </Stack>
      </Group>
      {ownForm ? (
        <Tooltip label={t('deposit.community.ownFormHint')}>
          <Button component="a" href={linkPath(ownForm)} size="xs" variant="light">
            {t('deposit.community.useOwnForm')}
          </Button>
        </Tooltip>
      ) : (
        <Tooltip label={t('deposit.community.membersOnly')} disabled={!membersOnly}>
          <Button
            size="xs"
            onClick={() => onSelect(community)}
            disabled={membersOnly || current}
            aria-label={t('deposit.community.selectNamed', { title: community.metadata.title })}
          >
            {current ? t('deposit.community.selected') : t('deposit.community.select')}
          </Button>
        </Tooltip>
      )}
    </Group>
  );
}
