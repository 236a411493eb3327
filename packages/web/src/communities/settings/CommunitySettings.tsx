import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bodyOf, useUpdateCommunity } from '../../api/community-admin.ts';
import type { CommunityJson } from '../../api/communities.ts';
import { Section } from '../../records/Section.tsx';
import { CommunityDeletionDialog } from '../CommunityDeletionDialog.tsx';
import { useCommunityOfPage } from '../community-context.ts';
import { LogoField } from './LogoField.tsx';
import { PagesForm } from './PagesForm.tsx';
import { PolicyForm, type PolicyChoice } from './PolicyForm.tsx';
import { ProfileForm, profileMetadata, type ProfileValues } from './ProfileForm.tsx';
import { ThemeForm } from './ThemeForm.tsx';

const profileOf = (community: CommunityJson): ProfileValues => ({
  title: community.metadata.title,
  slug: community.slug,
  description: community.metadata.description ?? '',
  website: community.metadata.website ?? '',
  organizations: (community.metadata.organizations ?? []).map((o) => o.name),
});

/** One part of the settings, saved on its own: its own pending state, error and "Saved". */
function useSettingsPart(community: CommunityJson) {
  const update = useUpdateCommunity(community);
  const [saved, setSaved] = useState(false);
  return {
    update,
    saved: saved && update.isSuccess,
    save: (body: Parameters<typeof update.mutate>[0]) => {
      setSaved(false);
      update.mutate(body, { onSuccess: () => setSaved(true) });
    },
  };
}

/**
 * `/communities/{slug}/settings`, for owners and managers: profile, privileges,
 * submission, pages and theme, each saved on its own; for owners, deletion.
 */
export function CommunitySettings() {
  const { t } = useTranslation();
  const community = useCommunityOfPage();
  const profile = useSettingsPart(community);
  const privileges = useSettingsPart(community);
  const submission = useSettingsPart(community);
  const pages = useSettingsPart(community);
  const theme = useSettingsPart(community);
  if (!community.ui?.permissions?.can_update) {
    return <Text>{t('communities.settings.notAllowed')}</Text>;
  }
  const access = community.access;
  const option = (group: string) => (value: string) => ({
    value,
    label: t(`communities.${group}.${value}` as never),
  });
  const privilegeChoices: PolicyChoice[] = [
    {
      name: 'visibility',
      label: t('communities.about.visibility'),
      options: ['public', 'restricted'].map(option('about.visibilities')),
    },
    {
      name: 'members_visibility',
      label: t('communities.privileges.membersVisibility'),
      options: ['public', 'restricted'].map(option('privileges.membersVisibilities')),
    },
    {
      name: 'member_policy',
      label: t('communities.privileges.memberPolicy'),
      options: ['open', 'closed'].map(option('privileges.memberPolicies')),
    },
  ];
  const submissionChoices: PolicyChoice[] = [
    {
      name: 'record_submission_policy',
      label: t('communities.about.submission'),
      options: ['open', 'closed'].map(option('about.submissions')),
    },
    {
      name: 'review_policy',
      label: t('communities.about.review'),
      options: ['open', 'members', 'closed'].map(option('about.reviews')),
    },
  ];
  const pick = (names: string[]) =>
    Object.fromEntries(
      names.map((name) => [name, String(access[name as keyof typeof access] ?? '')]),
    );

  return (
    <Stack gap="xl" maw={800}>
      <Section title={t('communities.settings.profile')}>
        <Stack gap="lg">
          <LogoField community={community} />
          <ProfileForm
            key={community.revision_id}
            initial={profileOf(community)}
            submitLabel={t('communities.settings.save')}
            pending={profile.update.isPending}
            error={profile.update.error}
            onSubmit={(values) =>
              profile.save(bodyOf(community, { metadata: profileMetadata(values) }))
            }
          />
          {profile.saved && <Text role="status">{t('communities.settings.saved')}</Text>}
        </Stack>
      </Section>
      <Section title={t('communities.settings.privileges')}>
        <PolicyForm
          choices={privilegeChoices}
          initial={pick(privilegeChoices.map((c) => c.name))}
          pending={privileges.update.isPending}
          error={privileges.update.error}
          saved={privileges.saved}
          onSubmit={(values) => privileges.save(bodyOf(community, { access: values }))}
        />
      </Section>
      <Section title={t('communities.settings.submission')}>
        <PolicyForm
          choices={submissionChoices}
          initial={pick(submissionChoices.map((c) => c.name))}
          pending={submission.update.isPending}
          error={submission.update.error}
          saved={submission.saved}
          onSubmit={(values) => submission.save(bodyOf(community, { access: values }))}
        />
      </Section>
      <Section title={t('communities.settings.pages')}>
        <PagesForm
          key={community.revision_id}
          initial={{
            page: community.metadata.page ?? '',
            curation_policy: community.metadata.curation_policy ?? '',
          }}
          pending={pages.update.isPending}
          error={pages.update.error}
          saved={pages.saved}
          onSubmit={(values) =>
            pages.save(bodyOf(community, { metadata: { ...community.metadata, ...values } }))
          }
        />
      </Section>
      <Section title={t('communities.settings.theme')}>
        <ThemeForm
          slug={community.slug}
          initial={{
            enabled: community.theme?.enabled ?? false,
            color: community.theme?.style?.primaryColor ?? '',
          }}
          pending={theme.update.isPending}
          error={theme.update.error}
          saved={theme.saved}
          onSubmit={(values) =>
            theme.save(
              bodyOf(community, {
                theme: { enabled: values.enabled, style: { primaryColor: values.color } },
              }),
            )
          }
        />
      </Section>
      {community.ui?.permissions?.can_delete && (
        <Section title={t('communities.deletion.section')}>
          <Stack gap="sm" align="flex-start">
            <Text>{t('communities.deletion.explanation')}</Text>
            <CommunityDeletionDialog community={community} admin={false} />
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
