import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteLogo, uploadLogo } from '../../api/community-admin.ts';
import type { CommunityJson } from '../../api/communities.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { CommunityLogo } from '../../deposit/community/CommunityLogo.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';

/** The community's logo: upload a PNG, JPEG, GIF or WebP image, or remove it. */
export function LogoField({ community }: { community: CommunityJson }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.community(community.slug) });
  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(community, file),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => deleteLogo(community), onSuccess: refresh });
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('communities.form.logo')}
      </Text>
      <Group gap="md">
        {/* A new address per upload, so that the browser shows the new logo. */}
        <CommunityLogo community={community} size={72} key={community.revision_id} />
        <FileButton
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(file) => file && upload.mutate(file)}
        >
          {(props) => (
            <Button {...props} variant="default" loading={upload.isPending}>
              {t('communities.form.uploadLogo')}
            </Button>
          )}
        </FileButton>
        {community.ui?.has_logo && (
          <Button
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('communities.form.removeLogo')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('communities.form.logoHelp')}
      </Text>
      {(upload.error ?? remove.error) && <ErrorAlert error={upload.error ?? remove.error} />}
    </Stack>
  );
}
