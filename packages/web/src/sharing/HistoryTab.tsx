import type { RecordJson } from '@arca/schema';
import { Center, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_PAGE_SIZE, useAccessHistory } from '../api/audit.ts';
import { AuditChanges } from '../audit/AuditChanges.tsx';
import { actionText, actorText } from '../audit/audit-text.ts';
import { formatDateTime } from '../i18n/format.ts';
import { ShareError } from './ShareError.tsx';

/** "Access history": who changed this record's access, published or deleted it, newest first. */
export function HistoryTab({ record }: { record: RecordJson }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useAccessHistory(record.id, page);
  const events = history.data?.hits.hits ?? [];
  const pages = Math.ceil((history.data?.hits.total ?? 0) / AUDIT_PAGE_SIZE);
  return (
    <Stack gap="md" pt="md">
      {history.isPending && <Loader size="sm" aria-label={t('sharing.loading')} />}
      <ShareError error={history.error} />
      {history.isSuccess && events.length === 0 && (
        <Text c="dimmed">{t('sharing.history.empty')}</Text>
      )}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {events.map((event) => (
          <Paper key={event.id} component="li" withBorder p="sm" data-action={event.action}>
            <Text fw={600} size="sm">
              {actionText(t, event.action)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('sharing.history.byAt', {
                who: actorText(t, event),
                when: formatDateTime(event.at, i18n.language),
              })}
            </Text>
            <AuditChanges event={event} />
          </Paper>
        ))}
      </Stack>
      {pages > 1 && (
        <Center>
          <Pagination
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
