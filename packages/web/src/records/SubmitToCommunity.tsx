import type { RecordJson } from '@arca/schema';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMUNITY_PAGE_SIZE, type CommunityJson } from '../api/communities.ts';
import { useCommunitySuggestions, useIncludeInCommunity } from '../api/record-communities.ts';
import { CommunityLogo } from '../deposit/community/CommunityLogo.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { notify } from '../ui/notify.tsx';

interface ResultsProps {
  recordId: string;
  mine: boolean;
  q: string;
  page: number;
  onPage: (page: number) => void;
  onSubmit: (community: CommunityJson) => void;
  busy: string | undefined;
}

function Results({ recordId, mine, q, page, onPage, onSubmit, busy }: ResultsProps) {
  const { t } = useTranslation();
  const search = useCommunitySuggestions(recordId, { mine, q, page }, true);
  if (search.isPending) {
    return (
      <Center>
        <Loader size="sm" role="status" aria-label={t('deposit.community.loading')} />
      </Center>
    );
  }
  if (search.isError) return <ErrorAlert error={search.error} />;
  const { hits, total } = search.data.hits;
  if (hits.length === 0) return <Alert variant="light">{t('deposit.community.noResults')}</Alert>;
  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {hits.map((community) => {
          const membersOnly = community.ui?.permissions?.can_submit_record === false;
          const title = community.metadata.title;
          return (
            <Group component="li" key={community.id} wrap="nowrap" justify="space-between">
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
        })}
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

/** "Submit to community": pick a community; its curators review, or it includes the record at once. */
export function SubmitToCommunity({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<'all' | 'mine'>('all');
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed, 250);
  const [page, setPage] = useState(1);
  const include = useIncludeInCommunity(record.id);

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
          {include.error && <ErrorAlert error={include.error} />}
          {opened && (
            <Results
              recordId={record.id}
              mine={tab === 'mine'}
              q={q}
              page={page}
              onPage={setPage}
              onSubmit={(community) => void submit(community).catch(() => {})}
              busy={include.isPending ? include.variables : undefined}
            />
          )}
        </Stack>
      </Modal>
    </>
  );
}
