import { Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createCommunity, useCanCreateCommunity } from '../api/community-admin.ts';
import { queryKeys } from '../api/query-keys.ts';
import { PageLoader } from '../ui/PageLoader.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { ProfileForm, profileMetadata, type ProfileValues } from './settings/ProfileForm.tsx';

const EMPTY: ProfileValues = {
  title: '',
  slug: '',
  description: '',
  website: '',
  organizations: [],
};

/** `/communities/new`: for those the server lets create communities (`ARCA_COMMUNITY_CREATION`). */
export function NewCommunityPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('communities.new.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ability = useCanCreateCommunity();
  const [visibility, setVisibility] = useState<'public' | 'restricted'>('public');
  const create = useMutation({
    mutationFn: (values: ProfileValues) =>
      createCommunity({
        slug: values.slug.trim(),
        metadata: profileMetadata(values),
        access: { visibility },
      }),
    onSuccess: async (created) => {
      queryClient.setQueryData(queryKeys.community(created.slug), created);
      await navigate(`/communities/${created.slug}`);
    },
  });

  if (ability.isPending) return <PageLoader />;
  return (
    <Stack maw={800} mx="auto" gap="lg">
      <Title order={1}>{t('communities.new.title')}</Title>
      {!ability.canCreate ? (
        <Text>{t('communities.new.notAllowed')}</Text>
      ) : (
        <ProfileForm
          initial={EMPTY}
          withSlug
          submitLabel={t('communities.new.submit')}
          pending={create.isPending}
          error={create.error}
          onSubmit={(values) => create.mutate(values)}
        >
          <Radio.Group
            label={t('communities.about.visibility')}
            value={visibility}
            onChange={(value) => setVisibility(value === 'restricted' ? 'restricted' : 'public')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="public" label={t('communities.about.visibilities.public')} />
              <Radio value="restricted" label={t('communities.about.visibilities.restricted')} />
            </Stack>
          </Radio.Group>
        </ProfileForm>
      )}
    </Stack>
  );
}
