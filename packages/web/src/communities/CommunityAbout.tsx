import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format.ts';
import { SafeHtml } from '../records/SafeHtml.tsx';
import { Section } from '../records/Section.tsx';
import { useCommunityOfPage } from './community-context.ts';

const SUBMISSION_POLICIES = ['open', 'closed'] as const;
const REVIEW_POLICIES = ['open', 'members', 'closed'] as const;
const known = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  values.includes(value as T);

/** What the community is about, and how it takes records: who may submit, who reviews. */
export function CommunityAbout() {
  const { t, i18n } = useTranslation();
  const community = useCommunityOfPage();
  const { metadata, access } = community;
  const submission = access.record_submission_policy;
  const review = access.review_policy;

  const rows: { label: string; value: string }[] = [
    {
      label: t('communities.about.visibility'),
      value: t(`communities.about.visibilities.${access.visibility}`),
    },
  ];
  if (known(SUBMISSION_POLICIES, submission)) {
    rows.push({
      label: t('communities.about.submission'),
      value: t(`communities.about.submissions.${submission}`),
    });
  }
  if (known(REVIEW_POLICIES, review)) {
    rows.push({
      label: t('communities.about.review'),
      value: t(`communities.about.reviews.${review}`),
    });
  }
  if (community.created) {
    rows.push({
      label: t('communities.about.created'),
      value: formatDate(community.created, i18n.language),
    });
  }

  return (
    <Stack gap="xl" maw={900}>
      <Section title={t('communities.about.title')}>
        {metadata.description ? (
          <SafeHtml html={metadata.description} />
        ) : (
          <Text c="dimmed">{t('communities.about.noDescription')}</Text>
        )}
        {metadata.page && <SafeHtml html={metadata.page} />}
        {(metadata.organizations ?? []).length > 0 && (
          <Text>
            {t('communities.about.organizations')}{' '}
            {(metadata.organizations ?? []).map((o) => o.name).join(', ')}
          </Text>
        )}
        {metadata.website && (
          <Text>
            {t('communities.about.website')}{' '}
            <Anchor href={metadata.website} target="_blank" rel="noopener noreferrer">
              {metadata.website}
            </Anchor>
          </Text>
        )}
      </Section>
      {metadata.curation_policy && (
        <Section title={t('communities.about.curationPolicy')}>
          <SafeHtml html={metadata.curation_policy} />
        </Section>
      )}
      <Section title={t('communities.about.policies')}>
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th w={200}>{row.label}</Table.Th>
                <Table.Td>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  );
}
