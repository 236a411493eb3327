import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommunityJson } from '../api/communities.ts';
import { linkPath } from '../api/drafts.ts';
import { CommunityLogo } from '../deposit/community/CommunityLogo.tsx';
import { communityRequestsPath } from './community-context.ts';
import { descriptionText } from './description.ts';
import { JoinButton } from './JoinButton.tsx';
import { brandAccent, brandColorOf } from './theme.ts';

const ROLES = ['owner', 'manager', 'curator', 'reader'] as const;
type Role = (typeof ROLES)[number];
const isRole = (role: string | null | undefined): role is Role => ROLES.includes(role as Role);

/**
 * Logo, title, description and web site, under the community's brand colour;
 * New upload, Requests and Join for those the server lets.
 */
export function CommunityHeader({ community }: { community: CommunityJson }) {
  const { t } = useTranslation();
  const { metadata, ui } = community;
  const can = ui?.permissions ?? {};
  const brand = brandColorOf(community);
  const upload = community.links.upload_html
    ? linkPath(community.links.upload_html)
    : `/communities/${community.slug}/upload`;
  return (
    <Group align="flex-start" gap="lg" style={brandAccent(brand)} data-testid="community-header">
      <CommunityLogo community={community} size={88} />
      <Stack gap={6} style={{ flex: '1 1 220px', minWidth: 0 }}>
        <Group gap="xs">
          <Title order={1}>{metadata.title}</Title>
          {community.access.visibility === 'restricted' && (
            <Badge color="gray" variant="outline">
              {t('communities.restricted')}
            </Badge>
          )}
          {isRole(ui?.role) && (
            <Badge variant="light">{t(`dashboard.communities.roles.${ui.role}`)}</Badge>
          )}
        </Group>
        {metadata.description && (
          <Text c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {descriptionText(metadata.description)}
          </Text>
        )}
        {metadata.website && (
          <Anchor href={metadata.website} target="_blank" rel="noopener noreferrer" size="sm">
            {metadata.website}
          </Anchor>
        )}
      </Stack>
      <Group gap="sm">
        {can.can_curate && (
          <Button component={Link} to={communityRequestsPath(community)} variant="default">
            {t('communities.requests')}
          </Button>
        )}
        {can.can_join && <JoinButton community={community} />}
        {can.can_submit_record && (
          <Button component={Link} to={upload} color={brand} autoContrast>
            {t('communities.newUpload')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
