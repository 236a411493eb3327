import type { RecordJson } from '@arca/schema';
import { Button, Center, Loader, Modal, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINK_USES_PAGE_SIZE, type LinkUse, useLinkUses } from '../api/link-uses.ts';
import type { SecretLink } from '../api/sharing.ts';
import { formatDateTime } from '../i18n/format.ts';
import { usageText } from './LinkUsage.tsx';
import { ShareError } from './ShareError.tsx';

/**
 * "Show uses" of a used link: a dialog over the share dialog with the link's
 * summary and its kept uses, newest first, a page at a time.
 */
export function LinkUses({
  record,
  link,
  id,
  name,
}: {
  record: RecordJson;
  link: SecretLink;
  id: string;
  name: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!link.usage || link.usage.uses === 0) return null;
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        px={0}
        aria-label={t('sharing.uses.showOf', { name })}
        onClick={() => setOpened(true)}
      >
        {t('sharing.uses.show')}
      </Button>
      <Modal
        // Stacked over the share dialog (ShareModal's Modal.Stack).
        stackId={`link-uses-${id}`}
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('sharing.uses.title', { name })}
        size="lg"
      >
        {opened && <UsesList record={record} link={link} id={id} />}
      </Modal>
    </>
  );
}

function UsesList({ record, link, id }: { record: RecordJson; link: SecretLink; id: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const uses = useLinkUses(record, id, page, true);
  const kept = uses.data?.hits.total ?? 0;
  const pages = Math.ceil(kept / LINK_USES_PAGE_SIZE);
  const counted = link.usage?.uses ?? 0;
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="link-uses-summary">
        {link.usage && usageText(t, link.usage, i18n.language)}
      </Text>
      {uses.isSuccess && kept < counted && (
        <Text size="xs" c="dimmed">
          {t('sharing.uses.older')}
        </Text>
      )}
      {uses.isPending && <Loader size="sm" role="status" aria-label={t('sharing.loading')} />}
      <ShareError error={uses.error} />
      <Stack
        gap="xs"
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('sharing.uses.list')}
      >
        {(uses.data?.hits.hits ?? []).map((use, index) => (
          <UseItem key={`${page}-${index}`} use={use} />
        ))}
      </Stack>
      {pages > 1 && (
        <Center>
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`search.pagination.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('search.pagination.page', { page: item }) })}
          />
        </Center>
      )}
    </Stack>
  );
}

/** One use: when, then which version, what it opened or downloaded, and who by number. */
function UseItem({ use }: { use: LinkUse }) {
  const { t, i18n } = useTranslation();
  const details = [
    use.version !== null ? t('records.versions.label', { version: use.version }) : null,
    use.file !== null ? t('sharing.uses.download', { file: use.file }) : t('sharing.uses.read'),
    t('sharing.uses.visitor', { number: use.visitor }),
  ].filter((part): part is string => part !== null);
  return (
    <Paper component="li" withBorder p="xs" data-testid="link-use">
      <Text size="sm" fw={600}>
        {formatDateTime(use.used_at, i18n.language)}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {details.join(' · ')}
      </Text>
    </Paper>
  );
}
