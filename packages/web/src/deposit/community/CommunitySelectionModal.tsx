import { Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { searchCommunities, type CommunityJson } from '../../api/communities.ts';
import { linkPath } from '../../api/drafts.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { CommunityLogo } from './CommunityLogo.tsx';
import { CommunitySearch, useCommunityQuery, type CommunityQuery } from './CommunitySearch.tsx';
import { useReturnFocus } from '../../ui/useReturnFocus.ts';

interface CommunitySelectionModalProps {
  opened: boolean;
  onClose: () => void;
  onSelect: (community: CommunityJson) => void;
  /** The community already chosen: it may be kept even if it has its own form. */
  currentId: string | undefined;
}

const ROLES = ['owner', 'manager', 'curator', 'reader'] as const;
const isRole = (role: unknown): role is (typeof ROLES)[number] =>
  ROLES.includes(role as (typeof ROLES)[number]);

const useAllCommunities = ({ mine, q, page }: CommunityQuery) =>
  useQuery({
    queryKey: queryKeys.communitySearch(mine, q, page),
    queryFn: ({ signal }) => searchCommunities({ mine, q, page }, signal),
    placeholderData: keepPreviousData,
  });

/** SPEC §2: the deposit form's choice of a community (CommunitySearch.tsx). */
export function CommunitySelectionModal({
  opened,
  onClose,
  onSelect,
  currentId,
}: CommunitySelectionModalProps) {
  const { t } = useTranslation();
  useReturnFocus();
  const state = useCommunityQuery();

  return (
    <Modal opened={opened} onClose={onClose} title={t('deposit.community.modalTitle')} size="lg">
      <CommunitySearch
        state={state}
        useResults={useAllCommunities}
        active={opened}
        renderItem={(community) => (
          <CommunityItem
            key={community.id}
            community={community}
            current={community.id === currentId}
            onSelect={onSelect}
          />
        )}
      />
    </Modal>
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
