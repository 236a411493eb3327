import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CommunityJson } from '../../api/communities.ts';
import { brandAccent, brandColorOf } from '../../communities/theme.ts';
import { CommunityLogo } from './CommunityLogo.tsx';

/**
 * A themed community's dedicated upload form (`/communities/{slug}/upload`,
 * InvenioRDM's idea): its logo and name under its brand colour above the editor.
 */
export function ThemedUploadHeader({ community }: { community: CommunityJson | undefined }) {
  const { t } = useTranslation();
  if (!community?.theme?.enabled) return null;
  return (
    <Group
      gap="md"
      wrap="nowrap"
      style={brandAccent(brandColorOf(community))}
      data-testid="themed-upload-header"
    >
      <CommunityLogo community={community} size={56} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {t('communities.upload.title', { title: community.metadata.title })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('communities.upload.subtitle')}
        </Text>
      </Stack>
    </Group>
  );
}
