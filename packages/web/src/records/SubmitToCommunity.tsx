import type { RecordJson } from '@arca/schema';
import { Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommunityJson } from '../api/communities.ts';
import { useCommunitySuggestions, useIncludeInCommunity } from '../api/record-communities.ts';
import { CommunityLogo } from '../deposit/community/CommunityLogo.tsx';
import {
  CommunitySearch,
  useCommunityQuery,
  type CommunityQuery,
} from '../deposit/community/CommunitySearch.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { notify } from '../ui/notify.tsx';

interface ItemProps {
  community: CommunityJson;
  onSubmit: (community: CommunityJson) => void;
  busy: string | undefined;
}

function SuggestedCommunity({ community, onSubmit, busy }: ItemProps) {
  const { t } = useTranslation();
  const membersOnly = community.ui?.permissions?.can_submit_record === false;
  const title = community.metadata.title;
  return (
    <Group component="li" wrap="nowrap" justify="space-between">
      <Group wrap="nowrap" gap="sm" miw={0}>
        <CommunityLogo community={community} size={36} />
        <Stack gap={2} miw={0}>
          <Text fw={600}>{title}</Text>
          {community.access.visibility === 'restricted' && (
            <Badge color="gray" variant="light" size="sm">
              {t('deposit.community.restricted')}
            </Badge>
          )}
        </Stack>
      </Group>
      <Tooltip label={t('deposit.community.membersOnly')} disabled={!membersOnly}>
        <Button
          size="xs"
          disabled={membersOnly || (busy !== undefined && busy !== community.id)}
          loading={busy === community.id}
          aria-label={t('records.communities.submitNamed', { title })}
          onClick={() => onSubmit(community)}
        >
          {t('records.communities.submitShort')}
        </Button>
      </Tooltip>
    </Group>
  );
}

/** "Submit to community": pick a community; its curators review, or it includes the record at once. */
export function SubmitToCommunity({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const state = useCommunityQuery();
  const include = useIncludeInCommunity(record.id);
  const useSuggestions = (query: CommunityQuery) => useCommunitySuggestions(record.id, query, true);

  const submit = async (community: CommunityJson) => {
    const answer = await include.mutateAsync(community.id);
    const status = answer.processed?.[0]?.request.status;
    const title = community.metadata.title;
    setOpened(false);
    await notify({
      color: 'green',
      message:
        status === 'accepted'
          ? t('records.communities.included', { title })
          : t('records.communities.submitted', { title }),
    });
  };

  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        {t('records.communities.submit')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => {
          setOpened(false);
          include.reset();
        }}
        title={t('records.communities.modalTitle')}
        size="lg"
      >
        <CommunitySearch
          state={state}
          useResults={useSuggestions}
          active={opened}
          renderItem={(community) => (
            <SuggestedCommunity
              key={community.id}
              community={community}
              onSubmit={(chosen) => void submit(chosen).catch(() => {})}
              busy={include.isPending ? include.variables : undefined}
            />
          )}
        >
          {include.error && <ErrorAlert error={include.error} />}
        </CommunitySearch>
      </Modal>
    </>
  );
}
